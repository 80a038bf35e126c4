// Terminal password prompt; see password_prompt.h.
#include "cli/password_prompt.h"

#include <fcntl.h>
#include <termios.h>
#include <unistd.h>

#include <cstdio>

namespace streamsynth::cli {

api::PasswordPrompt terminalPasswordPrompt() {
    return [](const std::string& display) -> std::optional<std::string> {
        const int fd = ::open("/dev/tty", O_RDWR | O_NOCTTY);
        if (fd < 0) return std::nullopt;
        const std::string ask = "Password for " + display + ": ";
        (void)!::write(fd, ask.data(), ask.size());
        termios old{};
        const bool tty = ::tcgetattr(fd, &old) == 0;
        if (tty) {
            termios quiet = old;
            quiet.c_lflag &= static_cast<tcflag_t>(~ECHO);
            ::tcsetattr(fd, TCSAFLUSH, &quiet);
        }
        std::string password;
        char ch = 0;
        while (::read(fd, &ch, 1) == 1 && ch != '\n' && ch != '\r') password += ch;
        if (tty) ::tcsetattr(fd, TCSAFLUSH, &old);
        (void)!::write(fd, "\n", 1);
        ::close(fd);
        return password;
    };
}

}  // namespace streamsynth::cli
