#include "CHTMLSupport.h"

#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct chs_document {
    htmlDocPtr tree;
    chs_parse_issue *issues;
    size_t count;
    size_t capacity;
};

static pthread_once_t chs_once = PTHREAD_ONCE_INIT;

/* libxml2 must initialise its globals once, before threads use it. */
static void chs_initialise(void) { xmlInitParser(); }

static char *chs_copy(const char *text, int trim) {
    if (text == NULL) return NULL;
    size_t length = strlen(text);
    while (trim && length > 0 && (text[length - 1] == '\n' || text[length - 1] == ' ')) length--;
    char *copy = malloc(length + 1);
    if (copy == NULL) return NULL;
    memcpy(copy, text, length);
    copy[length] = '\0';
    return copy;
}

/* Per-context structured error handler: libxml2 passes ctxt->userData, which the HTML
 * parser leaves pointing at the parser context; the document rides in _private. No
 * global or thread-local handler is touched, so parses on several threads do not mix. */
static void chs_collect(void *user_data, xmlErrorPtr error) {
    htmlParserCtxtPtr context = user_data;
    if (context == NULL || error == NULL) return;
    chs_document *document = context->_private;
    if (document == NULL) return;
    if (document->count == document->capacity) {
        size_t capacity = document->capacity ? document->capacity * 2 : 8;
        chs_parse_issue *grown = realloc(document->issues, capacity * sizeof *grown);
        if (grown == NULL) return;
        document->issues = grown;
        document->capacity = capacity;
    }
    char *message = chs_copy(error->message ? error->message : "unknown error", 1);
    if (message == NULL) return;
    document->issues[document->count++] = (chs_parse_issue){
        .line = error->line,
        .column = error->int2,
        .level = (int)error->level,
        .code = error->code,
        .message = message,
        .subject = chs_copy(error->str1, 0),
    };
}

chs_document *chs_document_parse(const char *bytes, size_t length) {
    pthread_once(&chs_once, chs_initialise);
    chs_document *document = calloc(1, sizeof *document);
    if (document == NULL) return NULL;
    if (length > (size_t)0x7fffffff) length = 0x7fffffff;
    htmlParserCtxtPtr context = htmlNewParserCtxt();
    if (context == NULL) {
        free(document);
        return NULL;
    }
    context->_private = document;
    context->linenumbers = 1; /* off by default for HTML contexts: nodes would say line 0 */
    context->sax->serror = chs_collect;
    /* __xmlRaiseError only consults sax->serror on SAX2-initialised handlers. */
    context->sax->initialized = XML_SAX2_MAGIC;
    document->tree = htmlCtxtReadMemory(context, bytes, (int)length, "page.html", "UTF-8",
                                        HTML_PARSE_NONET | HTML_PARSE_NOWARNING);
    htmlFreeParserCtxt(context);
    return document;
}

void chs_document_free(chs_document *document) {
    if (document == NULL) return;
    for (size_t i = 0; i < document->count; i++) {
        free((void *)document->issues[i].message);
        free((void *)document->issues[i].subject);
    }
    free(document->issues);
    if (document->tree) xmlFreeDoc(document->tree);
    free(document);
}

size_t chs_document_issue_count(const chs_document *document) {
    return document ? document->count : 0;
}

chs_parse_issue chs_document_issue(const chs_document *document, size_t index) {
    if (document == NULL || index >= document->count) return (chs_parse_issue){0};
    return document->issues[index];
}

const chs_node *chs_document_first_child(const chs_document *document) {
    if (document == NULL || document->tree == NULL) return NULL;
    return (const chs_node *)document->tree->children;
}

const chs_node *chs_node_first_child(const chs_node *node) {
    xmlNodePtr tree = (xmlNodePtr)node;
    if (tree == NULL || tree->type != XML_ELEMENT_NODE) return NULL;
    return (const chs_node *)tree->children;
}

const chs_node *chs_node_next_sibling(const chs_node *node) {
    return node ? (const chs_node *)((xmlNodePtr)node)->next : NULL;
}

chs_node_kind chs_node_get_kind(const chs_node *node) {
    if (node == NULL) return CHS_NODE_OTHER;
    switch (((xmlNodePtr)node)->type) {
    case XML_ELEMENT_NODE: return CHS_NODE_ELEMENT;
    case XML_TEXT_NODE:
    case XML_CDATA_SECTION_NODE: return CHS_NODE_TEXT;
    case XML_COMMENT_NODE: return CHS_NODE_COMMENT;
    default: return CHS_NODE_OTHER;
    }
}

const char *chs_node_name(const chs_node *node) {
    xmlNodePtr tree = (xmlNodePtr)node;
    if (tree == NULL || tree->type != XML_ELEMENT_NODE) return NULL;
    return (const char *)tree->name;
}

const char *chs_node_text(const chs_node *node) {
    xmlNodePtr tree = (xmlNodePtr)node;
    if (tree == NULL) return NULL;
    switch (tree->type) {
    case XML_TEXT_NODE:
    case XML_CDATA_SECTION_NODE:
    case XML_COMMENT_NODE: return (const char *)tree->content;
    default: return NULL;
    }
}

long chs_node_line(const chs_node *node) {
    return node ? xmlGetLineNo((xmlNodePtr)node) : 0;
}

const chs_attribute *chs_node_first_attribute(const chs_node *node) {
    xmlNodePtr tree = (xmlNodePtr)node;
    if (tree == NULL || tree->type != XML_ELEMENT_NODE) return NULL;
    return (const chs_attribute *)tree->properties;
}

const chs_attribute *chs_attribute_next(const chs_attribute *attribute) {
    return attribute ? (const chs_attribute *)((xmlAttrPtr)attribute)->next : NULL;
}

const char *chs_attribute_name(const chs_attribute *attribute) {
    return attribute ? (const char *)((xmlAttrPtr)attribute)->name : NULL;
}

char *chs_attribute_value(const chs_attribute *attribute) {
    if (attribute == NULL) return NULL;
    xmlChar *value = xmlNodeGetContent((xmlNodePtr)attribute);
    if (value == NULL) return NULL;
    char *copy = chs_copy((const char *)value, 0);
    xmlFree(value);
    return copy;
}

void chs_string_free(char *string) { free(string); }
