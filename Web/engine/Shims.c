// The one runtime function Embedded Swift's standard library leaves to the platform that the engine needs: reading a
// decimal number (`Double("1.5")`, in JSON and in options), done by the C library's `strtod` (WASI's reads in the C
// locale), as Swift's own runtime does it natively (stdlib/public/stubs/Stubs.cpp).
#include <errno.h>
#include <math.h>
#include <stdlib.h>

const char *_swift_stdlib_strtod_clocale(const char *text, double *result) {
    char *end;
    errno = 0;
    double value = strtod(text, &end);
    *result = value;
    if ((value == HUGE_VAL || value == -HUGE_VAL || value == 0.0) && errno == ERANGE) return NULL;
    return end;
}

const char *_swift_stdlib_strtof_clocale(const char *text, float *result) {
    char *end;
    errno = 0;
    float value = strtof(text, &end);
    *result = value;
    if ((value == HUGE_VALF || value == -HUGE_VALF || value == 0.0f) && errno == ERANGE) return NULL;
    return end;
}
