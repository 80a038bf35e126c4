// The most recently opened files, most recent first, kept in QSettings.
#pragma once

#include <QStringList>

namespace streamsynth::ui {

class RecentFiles {
public:
    static constexpr int kMax = 8;
    static QStringList list();
    // Moves path to the front (adding it), trimming the list to kMax.
    static void add(const QString& path);
    static void remove(const QString& path);
};

}  // namespace streamsynth::ui
