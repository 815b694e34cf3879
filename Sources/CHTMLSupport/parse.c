#include "CHTMLSupport.h"

#include <libxml/HTMLparser.h>
#include <libxml/xmlerror.h>
#include <stdlib.h>
#include <string.h>

struct chs_parse_result {
    chs_parse_issue *issues;
    size_t count;
    size_t capacity;
};

static void chs_collect(void *context, xmlErrorPtr error) {
    chs_parse_result *result = context;
    if (error == NULL || result == NULL) return;
    if (result->count == result->capacity) {
        size_t capacity = result->capacity ? result->capacity * 2 : 8;
        chs_parse_issue *grown = realloc(result->issues, capacity * sizeof *grown);
        if (grown == NULL) return;
        result->issues = grown;
        result->capacity = capacity;
    }
    const char *text = error->message ? error->message : "unknown error";
    size_t length = strlen(text);
    while (length > 0 && (text[length - 1] == '\n' || text[length - 1] == ' ')) length--;
    char *message = malloc(length + 1);
    if (message == NULL) return;
    memcpy(message, text, length);
    message[length] = '\0';
    result->issues[result->count++] = (chs_parse_issue){
        .line = error->line,
        .column = error->int2,
        .level = (int)error->level,
        .message = message,
    };
}

chs_parse_result *chs_parse_html(const char *bytes, size_t length) {
    chs_parse_result *result = calloc(1, sizeof *result);
    if (result == NULL) return NULL;
    htmlParserCtxtPtr context = htmlNewParserCtxt();
    if (context == NULL) return result;
    xmlSetStructuredErrorFunc(result, chs_collect);
    htmlDocPtr document = htmlCtxtReadMemory(context, bytes, (int)length, "page.html", "UTF-8",
                                             HTML_PARSE_NONET | HTML_PARSE_NOWARNING);
    xmlSetStructuredErrorFunc(NULL, NULL);
    if (document) xmlFreeDoc(document);
    htmlFreeParserCtxt(context);
    return result;
}

size_t chs_parse_result_issue_count(const chs_parse_result *result) {
    return result ? result->count : 0;
}

chs_parse_issue chs_parse_result_issue(const chs_parse_result *result, size_t index) {
    return result->issues[index];
}

void chs_parse_result_free(chs_parse_result *result) {
    if (result == NULL) return;
    for (size_t i = 0; i < result->count; i++) free((void *)result->issues[i].message);
    free(result->issues);
    free(result);
}
