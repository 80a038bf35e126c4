// The GUI's answer when PostgreSQL wants a password that neither the
// connection string nor the password file gives: a masked input dialog. The
// password goes to the connection only; it is never stored or shown.
#pragma once

#include "core/api/stream_input.h"

class QWidget;

namespace streamsynth::ui {

// A prompt that asks over `owner` (may be null or go away: then unparented);
// nullopt when the steward cancels.
api::PasswordPrompt passwordPrompt(QWidget* owner);

}  // namespace streamsynth::ui
