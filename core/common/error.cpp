// Formatting of Error locations.
#include "core/common/error.h"

#include <utility>

namespace streamsynth {

namespace {
std::string where(const ErrorContext& c) {
    std::string out;
    auto add = [&out](const std::string& part) {
        if (part.empty()) return;
        if (!out.empty()) out += ", ";
        out += part;
    };
    add(c.file);
    if (c.line >= 0) add("line " + std::to_string(c.line));
    if (c.row >= 0) add("row " + std::to_string(c.row));
    if (c.column >= 0) {
        std::string col = "column " + std::to_string(c.column);
        if (!c.columnName.empty()) col += " (" + c.columnName + ")";
        add(col);
    } else if (!c.columnName.empty()) {
        add("column " + c.columnName);
    }
    if (!c.setting.empty()) add("setting '" + c.setting + "'");
    return out;
}
}  // namespace

Error::Error(ErrorKind kind, std::string message, ErrorContext context)
    : std::runtime_error(message), kind_(kind), message_(std::move(message)),
      context_(std::move(context)) {}

std::string Error::describe() const {
    const std::string w = where(context_);
    return w.empty() ? message_ : w + ": " + message_;
}

Error inputError(std::string message, ErrorContext context) {
    return Error(ErrorKind::Input, std::move(message), std::move(context));
}

Error settingError(std::string setting, std::string message) {
    ErrorContext c;
    c.setting = std::move(setting);
    return Error(ErrorKind::Setting, std::move(message), std::move(c));
}

}  // namespace streamsynth
