/* index.tsv and rejected.txt readers for the writer tests. */
#include "vectors.h"
#include "testutil.h"

#include <stdlib.h>
#include <string.h>

static bool field(const char **p, char *out, size_t cap)
{
	size_t n = strcspn(*p, "\t\n");
	if (n >= cap)
		n = cap - 1;
	memcpy(out, *p, n);
	out[n] = 0;
	*p += strcspn(*p, "\t\n");
	if (**p == '\t')
		(*p)++;
	return true;
}

tv_row *tv_index(const char *dir, size_t *n)
{
	size_t size;
	char rel[256];
	snprintf(rel, sizeof rel, "%s/index.tsv", dir);
	char *text = (char *)tu_read_file(tu_shared_path(rel), &size);
	*n = 0;
	if (!text)
		return NULL;
	tv_row *rows = calloc(1024, sizeof *rows);
	const char *p = strchr(text, '\n');
	while (rows && p && *++p && *n < 1024) {
		tv_row *r = &rows[*n];
		char skip[64], notes[64];
		field(&p, r->name, sizeof r->name);
		field(&p, r->version, sizeof r->version);
		field(&p, r->result, sizeof r->result);
		field(&p, skip, sizeof skip);
		field(&p, skip, sizeof skip);
		field(&p, notes, sizeof notes);
		r->debuginfo = strstr(notes, "debuginfo") != NULL;
		(*n)++;
		p = strchr(p, '\n');
	}
	free(text);
	return rows;
}

const tv_row *tv_find(const tv_row *rows, size_t n, const char *name, const char *version)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(rows[i].name, name) == 0 && strcmp(rows[i].version, version) == 0)
			return &rows[i];
	return NULL;
}

const char *tv_rejection(const char *dir, const char *name, const char *version)
{
	static char msg[512];
	size_t size;
	char rel[256];
	snprintf(rel, sizeof rel, "%s/rejected.txt", dir);
	char *text = (char *)tu_read_file(tu_shared_path(rel), &size);
	if (!text)
		return NULL;
	char head[256];
	snprintf(head, sizeof head, "\n%s\t%s\t", name, version);
	const char *line = strstr(text, head), *found = NULL;
	line = line ? strchr(line + 1, '\n') : NULL;
	/* The entry's diagnostic lines are indented; the next entry is not. */
	while (line && !found && strncmp(line + 1, "    ", 4) == 0) {
		const char *end = strchr(line + 1, '\n'), *e = strstr(line + 1, "error: ");
		if (e && (!end || e < end))
			found = e + strlen("error: ");
		line = end;
	}
	if (found) {
		size_t n = strcspn(found, "\n");
		if (n >= sizeof msg)
			n = sizeof msg - 1;
		memcpy(msg, found, n);
		msg[n] = 0;
	}
	free(text);
	return found ? msg : NULL;
}
