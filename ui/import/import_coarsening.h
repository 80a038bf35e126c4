// What the import dialog needs to set up Large attributes (issue 46, item 2),
// a light header so the controllers that pass it on need not include the
// dialog: `unsupported` lists, after Check, the large attributes the stream
// cannot support at the experiment's ε and the dialog's period; `choose`
// opens the coarsening dialog over the given widget and returns the accepted
// choice's summary (empty for none). Both come from the run presenter, which
// keeps the choice until a run starts and draws it after the confirmation.
#pragma once

#include <QString>
#include <QStringList>
#include <functional>

class QWidget;

namespace streamsynth::ui {

struct ImportCoarsening {
    std::function<QStringList()> unsupported;
    std::function<QString(QWidget*)> choose;
};

}  // namespace streamsynth::ui
