// How the process's allocator keeps memory it was given back: set once by
// the two entry points, before any run.
#pragma once

namespace streamsynth {

// Freed heap memory is kept for reuse up to a bound (64 MiB at the top of
// the heap, blocks of 32 MiB and more still go back to the system when
// freed). Without it glibc hands every large freed table back and faults
// it in again a moment later: a run answers hundreds of thousands of
// marginal queries whose tables of up to ~80 kB come and go, and a quarter
// of a million page faults cost a stream of Adult in batches of 50 about 2%
// of its time (docs/pgm.md, "Lighter queries"). Results never depend on it.
void keepFreedMemoryForReuse();

}  // namespace streamsynth
