// Inside the api library only: the engine's spool behind api::ReleaseSpool,
// for api::Run, which keeps each step's release in it as the engine hands it
// over (whole, as growth, or as a recipe). ui/ and app/ never include
// core/api/detail/ (scripts/check-includes.sh).
#pragma once

#include "core/io/release_spool.h"
#include "core/values/release_spool.h"

namespace streamsynth::api {

struct ReleaseSpool::Impl {
    io::ReleaseSpool spool;
};

struct ReleaseSpoolAccess {
    static io::ReleaseSpool& of(const ReleaseSpool& s) { return s.impl_->spool; }
};

}  // namespace streamsynth::api
