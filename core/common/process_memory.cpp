// glibc's allocator settings for a long run (see the header).
#include "core/values/process_memory.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace streamsynth {

void keepFreedMemoryForReuse() {
#if defined(__GLIBC__)
    // Fixed values also turn off glibc's moving mmap threshold, so the
    // behaviour does not depend on what the process freed first.
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
    mallopt(M_TOP_PAD, 16 << 20);
#endif
}

}  // namespace streamsynth
