#ifndef CHTMLSUPPORT_H
#define CHTMLSUPPORT_H

#include <stddef.h>

/* Plain C over libxml2's HTML parser: no libxml2 or ICU type crosses this header.
 *
 * A document owns everything reachable from it: node and attribute handles, names and
 * text stay valid until chs_document_free. Only chs_attribute_value hands out a copy.
 * Every function is safe to call from several threads at once on different documents. */

/** One problem libxml2's HTML parser reported. */
typedef struct {
    int line;
    int column;
    int level;           /* 1 warning, 2 error, 3 fatal */
    int code;            /* libxml2's error code, e.g. CHS_ISSUE_UNKNOWN_TAG */
    const char *message; /* owned by the document */
    const char *subject; /* the name the message is about (a tag name), or NULL; owned */
} chs_parse_issue;

/** libxml2's code for "Tag %s invalid": an element HTML 4 does not know. */
enum { CHS_ISSUE_UNKNOWN_TAG = 801 };

/** What a node is. */
typedef enum {
    CHS_NODE_OTHER = 0,
    CHS_NODE_ELEMENT = 1,
    CHS_NODE_TEXT = 2,
    CHS_NODE_COMMENT = 3,
} chs_node_kind;

typedef struct chs_document chs_document;
typedef struct chs_node chs_node;
typedef struct chs_attribute chs_attribute;

/** Parses `length` bytes of UTF-8 HTML, collecting every error. NULL only when out of memory. */
chs_document *chs_document_parse(const char *bytes, size_t length);
void chs_document_free(chs_document *document);

size_t chs_document_issue_count(const chs_document *document);
chs_parse_issue chs_document_issue(const chs_document *document, size_t index);

/** The document's first top-level node (the doctype, a comment or <html>), or NULL. */
const chs_node *chs_document_first_child(const chs_document *document);

const chs_node *chs_node_first_child(const chs_node *node);
const chs_node *chs_node_next_sibling(const chs_node *node);
chs_node_kind chs_node_get_kind(const chs_node *node);
/** The element's lower-case name; NULL for other nodes. */
const char *chs_node_name(const chs_node *node);
/** The text of a text or comment node, entities decoded; NULL for others. */
const char *chs_node_text(const chs_node *node);
long chs_node_line(const chs_node *node);

const chs_attribute *chs_node_first_attribute(const chs_node *node);
const chs_attribute *chs_attribute_next(const chs_attribute *attribute);
const char *chs_attribute_name(const chs_attribute *attribute);
/** The attribute's value, entities decoded, as a new string for chs_string_free; NULL if empty. */
char *chs_attribute_value(const chs_attribute *attribute);
void chs_string_free(char *string);

#endif
