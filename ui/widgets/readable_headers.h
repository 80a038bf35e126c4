// Column headers a person can read: a header section is never narrower than
// its text when the view is laid out or its model changes (the user may still
// narrow it), and hovering any section shows its full text (with the model's
// own tooltip after it), so a header cut to "…" can always be read.
#pragma once

#include <QString>

class QAbstractItemView;
class QHeaderView;

namespace streamsynth::ui {

// Keeps the horizontal header of view (a QTableView or QTreeView, its model
// already set) readable as described above; call again after setModel.
void keepHeadersReadable(QAbstractItemView* view);

// The tooltip a header section shows: its full text, then the model's
// tooltip for it when that says more.
QString headerToolTip(const QHeaderView* header, int section);

// Widens every section of header narrower than its text, except stretched ones.
void fitHeaderSections(QHeaderView* header);

}  // namespace streamsynth::ui
