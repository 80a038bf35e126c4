// A read-only, lazy table model over one release (synthetic rows as codes):
// each cell shows the code's public label from the schema, so a preview of
// a release with 50,000 rows costs nothing until rows are scrolled into view.
#pragma once

#include <QAbstractTableModel>
#include <memory>

namespace streamsynth::data {
class Table;
struct Schema;
}  // namespace streamsynth::data

namespace streamsynth::ui {

class ReleasePreviewModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit ReleasePreviewModel(QObject* parent = nullptr);

    // rows/schema must outlive the model's use of them (until the next
    // setRelease or clear); schema may be null (codes shown as numbers).
    void setRelease(const data::Table* rows, const data::Schema* schema);
    // The model keeps rows itself (a release read back from the spool).
    void setRelease(std::shared_ptr<const data::Table> rows, const data::Schema* schema);
    void clear() { setRelease(static_cast<const data::Table*>(nullptr), nullptr); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const data::Table* rows_ = nullptr;
    std::shared_ptr<const data::Table> owned_;  // set when the model holds the release
    const data::Schema* schema_ = nullptr;
};

}  // namespace streamsynth::ui
