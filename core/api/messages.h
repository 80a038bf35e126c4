// The message vocabulary the user interfaces use directly (pure functions):
// outside text escaped and bounded before it is shown (core/common/
// message_text.h), and Error with its private value shown only on request.
// Policy: docs/messages.md.
#pragma once

#include "core/common/error.h"
#include "core/common/message_text.h"
