#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H
#include <stdint.h>

/// How many allocations (malloc, calloc, realloc, aligned allocations) the process has made
/// since it started. Linking this target into an executable interposes the allocator.
uint64_t malloc_counter_allocations(void);

#endif
