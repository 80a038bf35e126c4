// Formatting of Error locations.
#include "core/values/error.h"

#include <utility>

#include "core/values/message_text.h"

namespace streamsynth {

namespace {
std::string where(const ErrorContext& c) {
    std::string out;
    auto add = [&out](const std::string& part) {
        if (part.empty()) return;
        if (!out.empty()) out += ", ";
        out += part;
    };
    add(boundedText(c.file));
    if (c.line >= 0) add("line " + std::to_string(c.line));
    if (c.row >= 0) add("row " + std::to_string(c.row));
    if (c.column >= 0) {
        std::string col = "column " + std::to_string(c.column);
        if (!c.columnName.empty()) col += " (" + boundedText(c.columnName) + ")";
        add(col);
    } else if (!c.columnName.empty()) {
        add("column " + boundedText(c.columnName));
    }
    if (!c.setting.empty()) add("setting " + quotedText(c.setting));
    return out;
}
}  // namespace

Error::Error(ErrorKind kind, std::string message, ErrorContext context)
    : std::runtime_error(message), kind_(kind), message_(std::move(message)), context_(std::move(context)) {}

std::string Error::describe(bool showPrivateValue) const {
    const std::string w = where(context_);
    std::string text = escapeControls(message_);
    if (showPrivateValue && !context_.value.empty()) text += " (value: " + quotedText(context_.value) + ")";
    // Every piece above is bounded; this only guards against a message
    // assembled from outside text without quotedText().
    return boundedText(w.empty() ? text : w + ": " + text, kMaxMessageChars);
}

Error inputError(std::string message, ErrorContext context) {
    return Error(ErrorKind::Input, std::move(message), std::move(context));
}

Error settingError(std::string setting, std::string message) {
    ErrorContext c;
    c.setting = std::move(setting);
    return Error(ErrorKind::Setting, std::move(message), std::move(c));
}

Error valueError(std::string message, ErrorContext context, std::string value) {
    context.value = std::move(value);
    return Error(ErrorKind::Input, std::move(message), std::move(context));
}

}  // namespace streamsynth
