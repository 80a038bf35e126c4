// How the process's allocator keeps memory it was given back: set once by
// the two entry points, before any run.
#pragma once

namespace streamsynth {

// Freed heap memory is kept for reuse up to a bound (64 MiB at the top of
// the heap; blocks of 32 MiB and more still go back to the system when
// freed). Without it glibc hands large freed blocks back and faults them in
// again a moment later: a run answers hundreds of thousands of marginal
// queries whose tables come and go (Adult's first 12,000 rows in batches of
// 50: 35,252 → 8,302 page faults; docs/pgm.md, "Lighter queries and size
// checks"). Results never depend on it. These are glibc's settings: the
// programs built with mimalloc (the default, STREAMSYNTH_ALLOCATOR) keep and
// reuse freed memory by themselves, and there the call tunes an allocator
// that serves nothing; it stays for builds on the system allocator.
void keepFreedMemoryForReuse();

}  // namespace streamsynth
