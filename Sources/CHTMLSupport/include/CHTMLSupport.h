#ifndef CHTMLSUPPORT_H
#define CHTMLSUPPORT_H

#include <stddef.h>

/// Plain C over libxml2: no libxml2 or ICU type crosses this header.

/// One problem libxml2's HTML parser reported.
typedef struct {
    int line;
    int column;
    int level; /* 1 warning, 2 error, 3 fatal */
    const char *message; /* owned by the result */
} chs_parse_issue;

typedef struct chs_parse_result chs_parse_result;

/// Parses `length` bytes of UTF-8 HTML and collects every error libxml2 reports.
chs_parse_result *chs_parse_html(const char *bytes, size_t length);
size_t chs_parse_result_issue_count(const chs_parse_result *result);
chs_parse_issue chs_parse_result_issue(const chs_parse_result *result, size_t index);
void chs_parse_result_free(chs_parse_result *result);

#endif
