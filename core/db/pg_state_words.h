// A PostgreSQL error's SQLSTATE said in a data steward's words ("the database
// user has no permission for this table"), put before the server's own text
// so that the GUI and CLI need no knowledge of PostgreSQL's codes. The codes
// are those of PostgreSQL's Appendix A (Errcodes); classes are matched by
// their first two characters where a whole class means one thing.
#pragma once

#include <string>

namespace streamsynth::db {

// The words for a five-character SQLSTATE; empty when the server's text says it best.
std::string sqlStateInWords(const std::string& code);

}  // namespace streamsynth::db
