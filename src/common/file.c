/* Whole-file reading and atomic writing (temporary file + rename), so a
 * failed write never leaves a half-written output behind. */
#define _POSIX_C_SOURCE 200809L
#include "bcx/core.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static bcx_status read_fd(int fd, const bcx_allocator *a, size_t max_size, uint8_t **data,
			  size_t *size, bcx_diag *diag, const char *path)
{
	size_t cap = 65536, len = 0;
	uint8_t *buf = bcx_alloc(a, cap);
	if (!buf)
		return bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "%s: out of memory", path);
	for (;;) {
		if (cap - len < 2) {
			size_t ncap;
			if (!bcx_mul_ok(cap, 2, &ncap) || (max_size && cap > max_size + 1)) {
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
		ssize_t n = read(fd, buf + len, cap - len - 1);
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
	/* Shrink to exactly len + 1 so the caller can free with that size. */
	uint8_t *nb = bcx_realloc(a, buf, cap, len + 1);
	if (nb)
		buf = nb;
	else if (len + 1 != cap) {
		bcx_free(a, buf, cap);
		return bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "%s: out of memory", path);
	}
	buf[len] = 0;
	*data = buf;
	*size = len;
	return BCX_OK;
}

bcx_status bcx_file_read(const char *path, const bcx_allocator *a, size_t max_size,
			 uint8_t **data, size_t *size, bcx_diag *diag)
{
	*data = NULL;
	*size = 0;
	if (strcmp(path, "-") == 0)
		return read_fd(0, a, max_size, data, size, diag, "<stdin>");
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return bcx_diag_set(diag, BCX_ERR_IO, -1, "cannot open: %s", strerror(errno));
	struct stat st;
	if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
		close(fd);
		return bcx_diag_set(diag, BCX_ERR_IO, -1, "is a directory");
	}
	bcx_status s = read_fd(fd, a, max_size, data, size, diag, path);
	close(fd);
	return s;
}

static bool write_all(int fd, const uint8_t *p, size_t n)
{
	while (n > 0) {
		ssize_t k = write(fd, p, n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return false;
		p += k;
		n -= (size_t)k;
	}
	return true;
}

/*
 * Create "PATH.bcx-tmp-<pid>-<n>" exclusively with mode 0666 (the umask
 * applies, as for any new file). n mixes a clock reading and a stack
 * address, so separate threads and processes do not collide; EEXIST retries.
 */
static int open_temp(const char *path, char *tmp, size_t cap)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	uint64_t n = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 30) ^ (uint64_t)(uintptr_t)&ts;
	for (int tries = 0; tries < 100; tries++) {
		snprintf(tmp, cap, "%s.bcx-tmp-%ld-%llx", path, (long)getpid(),
			 (unsigned long long)(n & 0xffffffffffull));
		int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
		if (fd >= 0 || errno != EEXIST)
			return fd;
		n = n * 6364136223846793005ull + 1442695040888963407ull;
	}
	return -1;
}

bcx_status bcx_file_write_atomic(const char *path, const void *data, size_t size,
				 bcx_diag *diag)
{
	if (strcmp(path, "-") == 0) {
		if (!write_all(1, data, size))
			return bcx_diag_set(diag, BCX_ERR_IO, -1, "<stdout>: %s", strerror(errno));
		return BCX_OK;
	}
	size_t plen = strlen(path);
	size_t tlen;
	if (!bcx_add_ok(plen, 48, &tlen))
		return bcx_diag_set(diag, BCX_ERR_INVALID_ARG, -1, "path too long");
	char *tmp = malloc(tlen);
	if (!tmp)
		return bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory");
	int fd = open_temp(path, tmp, tlen);
	if (fd < 0) {
		int e = errno;
		free(tmp);
		return bcx_diag_set(diag, BCX_ERR_IO, -1, "%s: cannot create temporary file: %s",
				    path, strerror(e));
	}
	bool ok = write_all(fd, data, size);
	int e = errno;
	ok = ok && fsync(fd) == 0;
	if (close(fd) != 0)
		ok = false;
	if (ok && rename(tmp, path) != 0) {
		e = errno;
		ok = false;
	}
	if (!ok) {
		unlink(tmp);
		free(tmp);
		return bcx_diag_set(diag, BCX_ERR_IO, -1, "%s: %s", path, strerror(e));
	}
	free(tmp);
	return BCX_OK;
}
