// TablePreviewModel: rows are capped at INT_MAX (Qt's model limit).
#include "ui/import/table_preview_model.h"

#include <limits>

#include "core/api/workbench.h"

namespace streamsynth::ui {

TablePreviewModel::TablePreviewModel(const api::Workbench& workbench, QObject* parent)
    : QAbstractTableModel(parent), workbench_(workbench) {}

int TablePreviewModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid() || !workbench_.isOpen()) return 0;
    return static_cast<int>(
        std::min<long long>(workbench_.previewRowCount(), std::numeric_limits<int>::max()));
}

int TablePreviewModel::columnCount(const QModelIndex& parent) const {
    if (parent.isValid() || !workbench_.isOpen()) return 0;
    return workbench_.previewColumnCount();
}

QVariant TablePreviewModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || role != Qt::DisplayRole) return {};
    return QString::fromStdString(workbench_.previewCell(index.row(), index.column()));
}

QVariant TablePreviewModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) return {};
    if (orientation == Qt::Vertical) return section + 1;
    if (!workbench_.isOpen() || section >= workbench_.previewColumnCount()) return {};
    return QString::fromStdString(workbench_.previewHeader(section));
}

void TablePreviewModel::reload() {
    beginResetModel();
    endResetModel();
}

}  // namespace streamsynth::ui
