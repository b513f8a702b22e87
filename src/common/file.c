/* Files: whole-file reading, mapped views, and checked writes that replace
 * only regular files (temporary file + rename) and write devices, FIFOs
 * and symlink targets in place. */
#ifdef BCX_POSIX_FILES
/* The portable build (CMake BCX_POSIX_FILES): POSIX 2008 only, as on other
 * Unix systems; outputs go through named temporary files. */
#define _POSIX_C_SOURCE 200809L
#else
#define _GNU_SOURCE /* O_TMPFILE: an unnamed temporary file, the fast path */
#endif
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

void bcx_file_view_done(const bcx_file_view *v, size_t n)
{
#ifdef MADV_DONTNEED
	/* A private read-only mapping's page dropped here is read from the
	 * file again if touched, so this is safe whoever looks back; a buffer
	 * would lose its bytes, so only mappings are given back. */
	long page = sysconf(_SC_PAGESIZE);
	if (!v || v->kind_ != VIEW_MAP || page <= 0)
		return;
	size_t end = (n < v->size ? n : v->size) / (size_t)page * (size_t)page;
	if (end)
		(void)madvise(v->base_, end, MADV_DONTNEED);
#else
	(void)v;
	(void)n;
#endif
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

/* An output being written: in place (our own descriptor, a device, FIFO or
 * socket, a file reached through /proc), or into a temporary file that
 * replaces the target when it is complete. */
struct bcx_file_out {
	int fd;
	bool close_fd;      /* not for our own descriptors (stdout, /dev/fd/N) */
	bool replace;       /* a temporary file, renamed over target at the end */
	bool anonymous;     /* O_TMPFILE: it has no name until the end */
	bool rewind;        /* our own descriptor on a regular file: an abort
			       cuts it back to start */
	off_t start;
	bool had_old;       /* target existed: keep its mode */
	mode_t old_mode;
	int err;            /* first write error (errno), sticky */
	char *shown;        /* the name in messages */
	char *target;       /* the name finally written (symlinks followed) */
	char *dir;
	char tmp[PATH_MAX + 16];
};

#if defined(O_TMPFILE) && !defined(BCX_POSIX_FILES)
#define BCX_ANONYMOUS_TEMP 1
static bool has_proc_fd(void)
{
	struct stat st;
	return stat("/proc/self/fd", &st) == 0;
}
#endif

/* The temporary file next to f->target. */
static bcx_status open_temp(bcx_file_out *f, bcx_diag *diag)
{
	f->dir = dir_of(f->target);
	if (!f->dir || strlen(f->dir) > PATH_MAX)
		return f->dir ? io_fail(diag, f->shown, "", ENAMETOOLONG)
			      : bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory");
	f->tmp[0] = 0;
	f->fd = -1;
#ifdef BCX_ANONYMOUS_TEMP
	/* An unnamed file: nothing is left behind whenever the process dies
	 * before it is linked in at the end (which needs /proc). */
	if (has_proc_fd()) {
		f->fd = open(f->dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
		f->anonymous = f->fd >= 0;
	}
#endif
	if (f->fd < 0)
		f->fd = open_named_temp(f->dir, f->tmp, sizeof f->tmp);
	if (f->fd < 0)
		return io_fail(diag, f->shown, "cannot create a file here: ", errno);
	f->replace = f->close_fd = true;
	return BCX_OK;
}

/* Our own descriptor on a regular file (a shell's "> FILE"): where the
 * output starts, so that an abort can cut the file back to it. Not with
 * O_APPEND, whose writes land wherever the end is by then. */
static void note_start(bcx_file_out *f)
{
	struct stat st;
	int fl = fcntl(f->fd, F_GETFL);
	if (fl < 0 || (fl & O_APPEND) || fstat(f->fd, &st) != 0 || !S_ISREG(st.st_mode))
		return;
	off_t at = lseek(f->fd, 0, SEEK_CUR);
	if (at >= 0) {
		f->start = at;
		f->rewind = true;
	}
}

const char *bcx_file_out_temp_name(const bcx_file_out *f)
{
	return f && f->replace && !f->anonymous && f->tmp[0] ? f->tmp : NULL;
}

bool bcx_file_out_undoable(const bcx_file_out *f)
{
	return f && (f->replace || f->rewind);
}

static void file_out_free(bcx_file_out *f)
{
	free(f->shown);
	free(f->target);
	free(f->dir);
	free(f);
}

bcx_status bcx_file_out_open(const char *path, bcx_file_out **out, bcx_diag *diag)
{
	*out = NULL;
	bcx_file_out *f = calloc(1, sizeof *f);
	bool std = strcmp(path, "-") == 0;
	if (!f || !(f->shown = strdup(std ? "<stdout>" : path))) {
		free(f);
		return bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory");
	}
	f->fd = std ? 1 : -1;
	if (!std && !(f->target = resolve_links(path, &f->fd)) && f->fd < 0) {
		bcx_status s = io_fail(diag, f->shown, "", errno);
		file_out_free(f);
		return s;
	}
	bcx_status s = BCX_OK;
	struct stat st;
	if (f->fd >= 0) {
		/* Our own descriptor (/dev/stdout -> /proc/self/fd/1): write
		 * to it, so a ">>" or a pipe is honoured. */
		note_start(f);
	} else if ((f->had_old = stat(f->target, &st) == 0) && !S_ISREG(st.st_mode)) {
		f->fd = open(f->target, O_WRONLY | O_CLOEXEC | O_NOCTTY);
		f->close_fd = true;
	} else if (strncmp(f->target, "/proc/", 6) == 0) { /* another process's fd */
		f->fd = open(f->target, O_WRONLY | O_CLOEXEC | O_NOCTTY | O_TRUNC);
		f->close_fd = true;
	} else {
		f->old_mode = f->had_old ? st.st_mode & 07777 : 0;
		s = open_temp(f, diag);
	}
	if (s == BCX_OK && f->fd < 0)
		s = io_fail(diag, f->shown, "", errno);
	if (s != BCX_OK) {
		file_out_free(f);
		return s;
	}
	*out = f;
	return BCX_OK;
}

bcx_status bcx_file_out_write(void *ctx, const void *p, size_t n)
{
	bcx_file_out *f = ctx;
	if (!f->err && !write_all(f->fd, p, n))
		f->err = errno ? errno : EIO;
	return f->err ? BCX_ERR_IO : BCX_OK;
}

/* Give the anonymous file a short name for the rename; it exists only for
 * that moment. Returns false with errno set. */
static bool name_anonymous(bcx_file_out *f)
{
	char proc[64];
	snprintf(proc, sizeof proc, "/proc/self/fd/%d", f->fd);
	for (int i = 0; i < 100; i++) {
		temp_name(f->dir, f->tmp, sizeof f->tmp, i);
		if (linkat(AT_FDCWD, proc, AT_FDCWD, f->tmp, AT_SYMLINK_FOLLOW) == 0)
			return true;
		if (errno != EEXIST)
			break;
	}
	f->tmp[0] = 0;
	return false;
}

/* Finish a replacement: the old mode, named, renamed over. No fsync, as
 * compilers and linkers do not: the rename already means a reader sees the
 * old file or the whole new one, and waiting for the disk would cost more
 * than writing the text (40 ms of a 0.1 s disassembly of 18 MB). */
static int finish_replace(bcx_file_out *f)
{
	if (f->had_old && fchmod(f->fd, f->old_mode) != 0)
		return errno;
	if (f->anonymous && !name_anonymous(f))
		return errno;
	int fd = f->fd;
	f->fd = -1;
	if (close(fd) != 0)
		return errno;
	return rename(f->tmp, f->target) != 0 ? errno : 0;
}

bcx_status bcx_file_out_commit(bcx_file_out *f, bcx_diag *diag)
{
	int e = f->err;
	if (!e && f->replace)
		e = finish_replace(f);
	if (f->close_fd && f->fd >= 0 && close(f->fd) != 0 && !e)
		e = errno;
	f->fd = -1;
	if (e && f->tmp[0])
		unlink(f->tmp);
	bcx_status s = e ? io_fail(diag, f->shown, "", e) : BCX_OK;
	file_out_free(f);
	return s;
}

void bcx_file_out_abort(bcx_file_out *f)
{
	if (!f)
		return;
	/* A failed cut leaves what was written: nothing better is left. */
	if (f->rewind && ftruncate(f->fd, f->start) == 0)
		(void)lseek(f->fd, f->start, SEEK_SET);
	if (f->close_fd && f->fd >= 0)
		close(f->fd);
	if (f->tmp[0])
		unlink(f->tmp);
	file_out_free(f);
}

bcx_status bcx_file_write_atomic(const char *path, const void *data, size_t size,
				 bcx_diag *diag)
{
	bcx_file_out *f;
	bcx_status s = bcx_file_out_open(path, &f, diag);
	if (s != BCX_OK)
		return s;
	bcx_file_out_write(f, data, size);
	return bcx_file_out_commit(f, diag);
}
