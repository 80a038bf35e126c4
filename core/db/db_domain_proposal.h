// Proposing a domain from a database table, by the rules of
// data::proposeSchema (core/data/domain_proposal.h) applied to what the
// server reports per column: its distinct values (text columns, at most
// maxCategories + 1 of them) or its minimum, maximum, whether every value is
// whole and whether any is NULL (numeric columns). Like the file proposal
// it reads private values, is marked derivedFromData and must be confirmed
// as public before it is used (SPEC §1).
#pragma once

#include "core/data/domain_proposal.h"
#include "core/db/db_source.h"

namespace streamsynth::db {

class PgConnection;

data::Proposal proposeDbSchema(const PgConnection& connection, const Relation& relation,
                               const data::ProposalOptions& options = {});

}  // namespace streamsynth::db
