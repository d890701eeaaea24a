// Swift's Glibc module does not expose copy_file_range (it needs _GNU_SOURCE); this wraps it.
#define _GNU_SOURCE
#include <errno.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include "CSystemShims.h"

int lp_malloc_trim(void) {
#if defined(__GLIBC__)
    return malloc_trim(0);
#else
    return 0;
#endif
}

long long lp_copy_file_range(int input, long long *inputOffset, int output, unsigned long long length) {
#if defined(__linux__)
    __off64_t offset = (__off64_t)*inputOffset;
    ssize_t copied = copy_file_range(input, &offset, output, NULL, (size_t)length, 0);
    if (copied > 0) *inputOffset = (long long)offset;
    return (long long)copied;
#else
    (void)input; (void)inputOffset; (void)output; (void)length;
    errno = ENOSYS;
    return -1;
#endif
}
