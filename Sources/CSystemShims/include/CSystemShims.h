#ifndef CSYSTEMSHIMS_H
#define CSYSTEMSHIMS_H

/// copy_file_range(2): copies up to `length` bytes from `input` at `*inputOffset` (advanced by what was copied)
/// to `output` at its file position, inside the kernel. Returns the bytes copied, 0 at the end of the input,
/// or -1 with errno set; ENOSYS where the call does not exist (not Linux), so callers fall back to read/write.
long long lp_copy_file_range(int input, long long *inputOffset, int output, unsigned long long length);

/// malloc_trim(3) where the C library has it (glibc): returns freed heap memory to the system. Returns 1 when
/// memory was released, 0 otherwise (and always 0 elsewhere).
int lp_malloc_trim(void);

#endif
