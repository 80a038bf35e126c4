// keepHeadersReadable: an event filter on the header's viewport answers
// tooltip events with the section's full text; the model's header and reset
// signals widen sections that became narrower than their text.
#include "ui/widgets/readable_headers.h"

#include <QAbstractItemView>
#include <QEvent>
#include <QHeaderView>
#include <QHelpEvent>
#include <QPointer>
#include <QTableView>
#include <QToolTip>
#include <QTreeView>

namespace streamsynth::ui {

namespace {

class HeaderToolTips : public QObject {
public:
    explicit HeaderToolTips(QHeaderView* header) : QObject(header), header_(header) {}

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() != QEvent::ToolTip || watched != header_->viewport()) return false;
        auto* help = static_cast<QHelpEvent*>(event);
        const int section = header_->logicalIndexAt(help->pos());
        if (section < 0) return false;
        QToolTip::showText(help->globalPos(), headerToolTip(header_, section), header_->viewport());
        return true;
    }

private:
    QHeaderView* header_;
};

QHeaderView* horizontalHeaderOf(QAbstractItemView* view) {
    if (auto* table = qobject_cast<QTableView*>(view)) return table->horizontalHeader();
    if (auto* tree = qobject_cast<QTreeView*>(view)) return tree->header();
    return nullptr;
}

}  // namespace

QString headerToolTip(const QHeaderView* header, int section) {
    const QAbstractItemModel* model = header->model();
    if (!model) return {};
    const QString text = model->headerData(section, header->orientation(), Qt::DisplayRole).toString();
    const QString tip = model->headerData(section, header->orientation(), Qt::ToolTipRole).toString();
    if (tip.isEmpty() || tip == text) return text;
    if (text.isEmpty() || tip.contains(text)) return tip;
    return text + QLatin1Char('\n') + tip;
}

void fitHeaderSections(QHeaderView* header) {
    if (!header->model()) return;
    const int last = header->count() - 1;
    for (int s = 0; s <= last; ++s) {
        if (header->isSectionHidden(s)) continue;
        const QHeaderView::ResizeMode mode = header->sectionResizeMode(s);
        if (mode == QHeaderView::Stretch || mode == QHeaderView::ResizeToContents) continue;
        if (s == last && header->stretchLastSection()) continue;
        const int hint = header->sectionSizeHint(s);
        if (header->sectionSize(s) < hint) header->resizeSection(s, hint);
    }
}

void keepHeadersReadable(QAbstractItemView* view) {
    QHeaderView* header = horizontalHeaderOf(view);
    if (!header) return;
    const QString filterName = QStringLiteral("headerToolTips");
    if (!header->findChild<QObject*>(filterName, Qt::FindDirectChildrenOnly)) {
        auto* tips = new HeaderToolTips(header);
        tips->setObjectName(filterName);
        header->viewport()->installEventFilter(tips);
    }
    QAbstractItemModel* model = header->model();
    if (!model) return;
    const QPointer<QHeaderView> guard(header);
    const auto fit = [guard] {
        if (guard) fitHeaderSections(guard);
    };
    QObject::connect(model, &QAbstractItemModel::modelReset, header, fit);
    QObject::connect(model, &QAbstractItemModel::layoutChanged, header, fit);
    QObject::connect(model, &QAbstractItemModel::headerDataChanged, header, fit);
    QObject::connect(model, &QAbstractItemModel::columnsInserted, header, fit);
    QObject::connect(header, &QHeaderView::sectionCountChanged, header, fit);
    fitHeaderSections(header);
}

}  // namespace streamsynth::ui
