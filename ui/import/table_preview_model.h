// A read-only table model over the raw file preview of a Workbench
// (header + cells as text). Lazy: cells are fetched when a view asks, so a
// large file costs nothing until scrolled.
#pragma once

#include <QAbstractTableModel>

namespace streamsynth::api {
class Workbench;
}

namespace streamsynth::ui {

class TablePreviewModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit TablePreviewModel(const api::Workbench& workbench, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    // Call after the Workbench opened another file.
    void reload();

private:
    const api::Workbench& workbench_;
};

}  // namespace streamsynth::ui
