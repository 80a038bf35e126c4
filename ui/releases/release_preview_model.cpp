// ReleasePreviewModel: labels of a release's codes, computed per visible cell.
#include "ui/releases/release_preview_model.h"

#include <limits>

#include "core/values/schema.h"
#include "core/values/table.h"

namespace streamsynth::ui {

ReleasePreviewModel::ReleasePreviewModel(QObject* parent) : QAbstractTableModel(parent) {}

void ReleasePreviewModel::setRelease(const data::Table* rows, const data::Schema* schema) {
    beginResetModel();
    rows_ = rows;
    owned_.reset();
    schema_ = schema;
    endResetModel();
}

void ReleasePreviewModel::setRelease(std::shared_ptr<const data::Table> rows, const data::Schema* schema) {
    beginResetModel();
    owned_ = std::move(rows);
    rows_ = owned_.get();
    schema_ = schema;
    endResetModel();
}

int ReleasePreviewModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid() || !rows_) return 0;
    // Views index rows by int; a release never has more rows than that.
    return static_cast<int>(std::min<std::size_t>(rows_->rowCount(), std::numeric_limits<int>::max()));
}

int ReleasePreviewModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() || !rows_ ? 0 : rows_->attributeCount();
}

QVariant ReleasePreviewModel::data(const QModelIndex& index, int role) const {
    if (!rows_ || !index.isValid() || (role != Qt::DisplayRole && role != Qt::ToolTipRole)) return {};
    const int code = rows_->at(static_cast<std::size_t>(index.row()), index.column());
    const auto a = static_cast<std::size_t>(index.column());
    if (schema_ && a < schema_->attributes.size())
        return QString::fromStdString(schema_->attributes[a].label(code));
    return code;
}

QVariant ReleasePreviewModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole || !rows_) return {};
    if (orientation == Qt::Vertical) return section + 1;
    return QString::fromStdString(rows_->domain().name(section));
}

}  // namespace streamsynth::ui
