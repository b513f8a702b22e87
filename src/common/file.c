/* Files: whole-file reading, mapped views, and checked writes that replace
 * only regular files (temporary file + rename) and write devices, FIFOs
 * and symlink targets in place. */
#define _GNU_SOURCE /* O_TMPFILE, linkat's AT_SYMLINK_FOLLOW */
#include "bcx/core.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum { VIEW_NONE, VIEW_MAP, VIEW_HEAP };

static bcx_status read_fd(int fd, const bcx_allocator *a, size_t max_size, uint8_t **data,
			  size_t *size, size_t *cap_out, bcx_diag *diag, const char *path)
{
	size_t cap = 65536, len = 0;
	uint8_t *buf = bcx_alloc(a, cap);
	if (!buf)
		return bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "%s: out of memory", path);
	for (;;) {
		if (cap == len) {
			size_t ncap;
			if (!bcx_mul_ok(cap, 2, &ncap) || (max_size && cap > max_size)) {
				bcx_free(a, buf, cap);
				return bcx_diag_set(diag, BCX_ERR_LIMIT, -1,
						    "%s: file larger than %zu bytes", path, max_size);
			}
			uint8_t *nb = bcx_realloc(a, buf, cap, ncap);
			if (!nb) {
				bcx_free(a, buf, cap);
				return bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "%s: out of memory", path);
			}
			buf = nb;
			cap = ncap;
		}
		ssize_t n = read(fd, buf + len, cap - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;
			bcx_free(a, buf, cap);
			return bcx_diag_set(diag, BCX_ERR_IO, -1, "%s: %s", path, strerror(e));
		}
		if (n == 0)
			break;
		len += (size_t)n;
		if (max_size && len > max_size) {
			bcx_free(a, buf, cap);
			return bcx_diag_set(diag, BCX_ERR_LIMIT, -1, "%s: file larger than %zu bytes",
					    path, max_size);
		}
	}
	*data = buf;
	*size = len;
	*cap_out = cap;
	return BCX_OK;
}

static bcx_status open_input(const char *path, int *fd, struct stat *st, bcx_diag *diag)
{
	*fd = strcmp(path, "-") == 0 ? 0 : open(path, O_RDONLY | O_CLOEXEC);
	if (*fd < 0)
		return bcx_diag_set(diag, BCX_ERR_IO, -1, "cannot open: %s", strerror(errno));
	if (fstat(*fd, st) != 0 || S_ISDIR(st->st_mode)) {
		int e = S_ISDIR(st->st_mode) ? EISDIR : errno;
		if (*fd != 0)
			close(*fd);
		return bcx_diag_set(diag, BCX_ERR_IO, -1, "cannot read: %s", strerror(e));
	}
	return BCX_OK;
}

bcx_status bcx_file_read(const char *path, const bcx_allocator *a, size_t max_size,
			 uint8_t **data, size_t *size, bcx_diag *diag)
{
	*data = NULL;
	*size = 0;
	int fd;
	struct stat st;
	bcx_status s = open_input(path, &fd, &st, diag);
	if (s != BCX_OK)
		return s;
	size_t cap = 0;
	s = read_fd(fd, a, max_size, data, size, &cap, diag, strcmp(path, "-") ? path : "<stdin>");
	if (fd != 0)
		close(fd);
	if (s != BCX_OK)
		return s;
	/* Shrink to exactly size bytes (at least one) so the caller frees
	 * with the size it was given. */
	uint8_t *nb = bcx_realloc(a, *data, cap, *size ? *size : 1);
	if (!nb) {
		bcx_free(a, *data, cap);
		*data = NULL;
		return bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory");
	}
	*data = nb;
	return BCX_OK;
}

bcx_status bcx_file_map(const char *path, size_t max_size, bcx_file_view *v, bcx_diag *diag)
{
	memset(v, 0, sizeof *v);
	int fd;
	struct stat st;
	bcx_status s = open_input(path, &fd, &st, diag);
	if (s != BCX_OK)
		return s;
	if (S_ISREG(st.st_mode) && st.st_size > 0 && (uintmax_t)st.st_size <= SIZE_MAX) {
		size_t n = (size_t)st.st_size;
		if (max_size && n > max_size) {
			if (fd != 0)
				close(fd);
			return bcx_diag_set(diag, BCX_ERR_LIMIT, -1, "file larger than %zu bytes",
					    max_size);
		}
		void *p = mmap(NULL, n, PROT_READ, MAP_PRIVATE, fd, 0);
		if (p != MAP_FAILED) {
			if (fd != 0)
				close(fd);
			*v = (bcx_file_view){p, n, p, n, VIEW_MAP};
			return BCX_OK;
		}
	}
	/* stdin, a pipe, a device, an empty file or a failed map: read it. */
	uint8_t *buf = NULL;
	size_t size = 0, cap = 0;
	s = read_fd(fd, NULL, max_size, &buf, &size, &cap, diag, strcmp(path, "-") ? path : "<stdin>");
	if (fd != 0)
		close(fd);
	if (s == BCX_OK)
		*v = (bcx_file_view){buf, size, buf, cap, VIEW_HEAP};
	return s;
}

void bcx_file_unmap(bcx_file_view *v)
{
	if (v->kind_ == VIEW_MAP)
		munmap(v->base_, v->cap_);
	else if (v->kind_ == VIEW_HEAP)
		bcx_free(NULL, v->base_, v->cap_);
	memset(v, 0, sizeof *v);
}

static bool write_all(int fd, const uint8_t *p, size_t n)
{
	while (n > 0) {
		ssize_t k = write(fd, p, n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			return false;
		if (k == 0) {
			errno = EIO;
			return false;
		}
		p += k;
		n -= (size_t)k;
	}
	return true;
}

/* The descriptor number when path names one of ours ("/dev/fd/N",
 * "/proc/self/fd/N"), else -1. */
static int own_fd(const char *path)
{
	const char *p = strncmp(path, "/dev/fd/", 8) == 0 ? path + 8
		      : strncmp(path, "/proc/self/fd/", 14) == 0 ? path + 14 : NULL;
	if (!p || *p < '0' || *p > '9')
		return -1;
	char *end;
	long n = strtol(p, &end, 10);
	return *end || n > 1 << 20 ? -1 : (int)n;
}

/* Follow symlinks from path to the name that is finally written (which
 * may not exist yet). Returns a malloc'ed path or NULL with errno set;
 * *fd is set when a hop names one of our descriptors (/dev/stdout). */
static char *resolve_links(const char *path, int *fd)
{
	char *cur = strdup(path);
	*fd = -1;
	for (int hops = 0; cur && hops < 40; hops++) {
		struct stat st;
		if ((*fd = own_fd(cur)) >= 0)
			return cur;
		if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
			return cur;
		char target[PATH_MAX];
		ssize_t n = readlink(cur, target, sizeof target - 1);
		if (n < 0) {
			free(cur);
			return NULL;
		}
		target[n] = 0;
		char *next;
		const char *slash = strrchr(cur, '/');
		if (target[0] == '/' || !slash) {
			next = strdup(target);
		} else {
			size_t dl = (size_t)(slash - cur) + 1, tl = (size_t)n;
			next = malloc(dl + tl + 1);
			if (next) {
				memcpy(next, cur, dl);
				memcpy(next + dl, target, tl + 1);
			}
		}
		free(cur);
		cur = next;
	}
	if (cur) {
		free(cur);
		errno = ELOOP;
	}
	return NULL;
}

/* The folder of path ("." when it has none), malloc'ed. */
static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		return strdup(".");
	size_t n = slash == path ? 1 : (size_t)(slash - path);
	char *d = malloc(n + 1);
	if (d) {
		memcpy(d, path, n);
		d[n] = 0;
	}
	return d;
}

/* "DIR/.bcx-NNNNNNNN": short, so any valid output name works. n mixes a
 * clock reading and a stack address so separate threads and processes
 * pick different names; callers retry on EEXIST. */
static void temp_name(const char *dir, char *tmp, size_t cap, int attempt)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	uint64_t n = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 30) ^ (uint64_t)(uintptr_t)&ts;
	n = n * 6364136223846793005ull + (uint64_t)(unsigned)attempt * 1442695040888963407ull;
	snprintf(tmp, cap, "%s/.bcx-%08llx", dir, (unsigned long long)((n >> 24) & 0xffffffffull));
}

/* Create a named temporary file with mode 0666 (the umask applies, as for
 * any new file). */
static int open_named_temp(const char *dir, char *tmp, size_t cap)
{
	for (int i = 0; i < 100; i++) {
		temp_name(dir, tmp, cap, i);
		int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
		if (fd >= 0 || errno != EEXIST)
			return fd;
	}
	return -1;
}

static bcx_status io_fail(bcx_diag *diag, const char *path, const char *what, int e)
{
	return bcx_diag_set(diag, BCX_ERR_IO, -1, "%s: %s%s", path, what, strerror(e));
}

/* Replace the regular file (or new name) target with data. */
static bcx_status replace_file(const char *shown, const char *target, const struct stat *old,
			       const void *data, size_t size, bool try_anonymous, bcx_diag *diag)
{
	char *dir = dir_of(target);
	size_t cap = dir ? strlen(dir) + 16 : 0;
	char *tmp = dir ? malloc(cap) : NULL;
	if (!tmp) {
		free(dir);
		return bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory");
	}
	tmp[0] = 0;
	bool anonymous = false;
	int fd = -1;
#ifdef O_TMPFILE
	/* An unnamed file: nothing is left behind whenever the process dies
	 * before the link below. */
	if (try_anonymous) {
		fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
		anonymous = fd >= 0;
	}
#else
	(void)try_anonymous;
#endif
	if (fd < 0)
		fd = open_named_temp(dir, tmp, cap);
	if (fd < 0) {
		int e = errno;
		free(dir);
		free(tmp);
		return io_fail(diag, shown, "cannot create a file here: ", e);
	}
	bool ok = write_all(fd, data, size), link_failed = false;
	int e = errno;
	/* A new file keeps the creation mode (0666 less the umask); a
	 * replaced one keeps its own. */
	if (ok && ((old && fchmod(fd, old->st_mode & 07777) != 0) || fsync(fd) != 0)) {
		e = errno;
		ok = false;
	}
	if (ok && anonymous) {
		char proc[64];
		snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
		/* Give the finished file a short name for the rename; it
		 * exists only for that moment. */
		e = EEXIST;
		ok = false;
		for (int i = 0; i < 100 && !ok && e == EEXIST; i++) {
			temp_name(dir, tmp, cap, i);
			ok = linkat(AT_FDCWD, proc, AT_FDCWD, tmp, AT_SYMLINK_FOLLOW) == 0;
			e = errno;
		}
		if (!ok) {
			tmp[0] = 0;
			link_failed = e != EEXIST; /* no /proc, say: use a named file */
		}
	}
	if (close(fd) != 0 && ok) {
		e = errno;
		ok = false;
	}
	if (ok && rename(tmp, target) != 0) {
		e = errno;
		ok = false;
	}
	if (!ok && tmp[0])
		unlink(tmp);
	free(dir);
	free(tmp);
	if (link_failed)
		return replace_file(shown, target, old, data, size, false, diag);
	return ok ? BCX_OK : io_fail(diag, shown, "", e);
}

/* Write into what is already there: a device, FIFO or socket, or a file
 * reached through /proc or /dev/fd (the caller's own descriptor). */
static bcx_status write_in_place(const char *shown, const char *target, bool truncate,
				 const void *data, size_t size, bcx_diag *diag)
{
	int fd = open(target, O_WRONLY | O_CLOEXEC | O_NOCTTY | (truncate ? O_TRUNC : 0));
	if (fd < 0)
		return io_fail(diag, shown, "", errno);
	bool ok = write_all(fd, data, size);
	int e = errno;
	if (close(fd) != 0 && ok) {
		e = errno;
		ok = false;
	}
	return ok ? BCX_OK : io_fail(diag, shown, "", e);
}

bcx_status bcx_file_write_atomic(const char *path, const void *data, size_t size,
				 bcx_diag *diag)
{
	int fd = strcmp(path, "-") == 0 ? 1 : -1;
	char *target = fd < 0 ? resolve_links(path, &fd) : NULL;
	if (fd >= 0) {
		/* Our own descriptor (/dev/stdout -> /proc/self/fd/1): write to
		 * it, so a ">>" or a pipe is honoured. */
		free(target);
		if (!write_all(fd, data, size))
			return io_fail(diag, strcmp(path, "-") ? path : "<stdout>", "", errno);
		return BCX_OK;
	}
	if (!target)
		return io_fail(diag, path, "", errno);
	struct stat st;
	bool exists = stat(target, &st) == 0;
	bcx_status s;
	if (exists && !S_ISREG(st.st_mode))
		s = write_in_place(path, target, false, data, size, diag);
	else if (strncmp(target, "/proc/", 6) == 0)
		s = write_in_place(path, target, true, data, size, diag); /* another process's fd */
	else
		s = replace_file(path, target, exists ? &st : NULL, data, size, true, diag);
	free(target);
	return s;
}
