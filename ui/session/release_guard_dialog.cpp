// ReleaseConfirmDialog (see release_guard.h): the summary of what a release-mode run spends, the series
// ticked for publication with their total and ε in words, the release files' size, the folder, and the
// tick and button that confirm it. The dataset box is in release_guard_dataset.cpp.
#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QShowEvent>
#include <QVBoxLayout>
#include <algorithm>

#include "core/values/series_spec.h"
#include "ui/experiment/privacy_words.h"
#include "ui/session/release_guard.h"
#include "ui/widgets/folder_problem.h"

namespace streamsynth::ui {

namespace {

QString budgetList(const stream::RunConfig& config) {
    const QString unit =
        config.privacy == privacy::PrivacyModel::ZCdp ? QStringLiteral("ρ") : QStringLiteral("ε");
    QStringList parts;
    for (const stream::SeriesConfig& s : config.series)
        parts << QStringLiteral("%1 (%2 = %3)")
                     .arg(QString::fromStdString(s.id).toHtmlEscaped(), unit,
                          QString::fromStdString(stream::epsilonText(s.budget.amount())));
    return parts.join(QStringLiteral(", "));
}

}  // namespace

// The dialog's list: what is spent, what is released, what cannot be undone.
QString ReleaseConfirmDialog::summaryFor(const stream::RunConfig& config, int firstStep, int lastStep,
                                         const QString& document, const api::StreamBudget& budget,
                                         const QString& registry) {
    return tr("<p><b>Release mode spends real privacy budget on publishable releases of “%1”.</b></p><ul>"
              "<li>%n series spend their budget for the whole stream: %2. Each row of the data is counted at "
              "one step only, so the budget holds for the whole stream (it protects each row, not each "
              "person: someone with several rows is protected less).</li>",
              nullptr, static_cast<int>(config.series.size()))
               .arg(document.toHtmlEscaped(), budgetList(config)) +
           tr("<li><b>Publishing all %n series together costs %1</b>: they read the same rows, so their "
              "budgets "
              "add up. Tick the series to publish below; the others run for comparison only and release "
              "nothing.</li>",
              nullptr, static_cast<int>(config.series.size()))
               .arg(QString::fromStdString(api::totalText(budget.all)).toHtmlEscaped()) +
           tr("<li>Choose the series to publish by its design, or from runs on public or held-out data: "
              "choosing it by <b>this table's error metrics</b> (the charts, computed from the private rows) "
              "is outside the guarantee.</li>") +
           tr("<li>Steps %1 to %2 are released: one publishable synthetic table per published series and "
              "step, "
              "with fresh random noise from the computer (no seed can reproduce it).</li>")
               .arg(firstStep)
               .arg(lastStep) +
           tr("<li><b>This cannot be undone.</b> A released step is never released again or withdrawn, and "
              "its budget stays spent even if you cancel the run later. Each step is recorded in the release "
              "registry %1 before its files, so no copy of the session can release it again.</li>"
              "<li>The releases and the session (saved before each step's files, so nothing is lost in a "
              "crash) are kept in the folder below; StreamSynth never deletes them.</li></ul>")
               .arg(registry.toHtmlEscaped());
}

ReleaseConfirmDialog::ReleaseConfirmDialog(const stream::RunConfig& config, int firstStep, int lastStep,
                                           const QString& document, const QString& folder, bool folderFixed,
                                           const api::StreamBudget& budget, const QString& registry,
                                           QWidget* parent)
    : QDialog(parent), config_(config) {
    setObjectName(QStringLiteral("releaseConfirmation"));
    setWindowTitle(tr("Start a release-mode run?"));
    // Everything but the tick and the buttons scrolls: with the ε details open the dialog can need
    // more than a 1280×800 screen, and a squeezed layout cut its texts (a GUI check on 2026-12-01).
    auto* outer = new QVBoxLayout(this);
    scroll_ = new QScrollArea(this);
    scroll_->setObjectName(QStringLiteral("releaseScroll"));
    scroll_->setWidgetResizable(true);
    scroll_->setFrameShape(QFrame::NoFrame);
    scroll_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* content = new QWidget(scroll_);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(0, 0, 0, 0);
    summary_ = summaryFor(config, firstStep, lastStep, document, budget, registry);
    auto* text = new QLabel(summary_, this);
    text->setObjectName(QStringLiteral("releaseSummary"));
    text->setWordWrap(true);
    text->setTextFormat(Qt::RichText);
    layout->addWidget(text);
    layout->addWidget(publishBox(config, budget, folderFixed));
    if (budget.maxTotalEpsilon)
        layout->addWidget(
            new QLabel(tr("This stream's limit: ε = %1 in total (releases past it are refused).")
                           .arg(QString::fromStdString(api::roundedText(*budget.maxTotalEpsilon))),
                       this));

    layout->addWidget(makeDatasetBox());
    layout->addWidget(makeStorageLabel());
    auto* row = new QHBoxLayout();
    row->addWidget(new QLabel(tr("Folder:"), this));
    folder_ = new QLineEdit(QDir::toNativeSeparators(folder), this);
    folder_->setCursorPosition(0);  // a long path shows from its start, not "ome/Documents/…"
    folder_->setReadOnly(folderFixed);
    folder_->setToolTip(folderFixed
                            ? tr("A continued session writes into the folder of its earlier releases.")
                            : tr("A new, empty folder for this stream's releases and session."));
    row->addWidget(folder_, 1);
    auto* browse = new QPushButton(tr("Change…"), this);
    browse->setEnabled(!folderFixed);
    browse->setToolTip(tr("Choose another (new or empty) folder"));
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Folder for the releases"),
                                                              QFileInfo(folder_->text()).absolutePath());
        if (!dir.isEmpty()) folder_->setText(QDir::toNativeSeparators(dir));
    });
    row->addWidget(browse);
    layout->addLayout(row);
    scroll_->setWidget(content);
    outer->addWidget(scroll_, 1);

    understood_ =
        new QCheckBox(tr("I understand that this spends the privacy budget and cannot be undone"), this);
    understood_->setObjectName(QStringLiteral("releaseUnderstood"));
    understood_->setToolTip(tr("Required: the run cannot start in release mode without it"));
    outer->addWidget(understood_);
    auto* buttons = new QDialogButtonBox(this);
    confirm_ = buttons->addButton(tr("Spend the budget and release"), QDialogButtonBox::AcceptRole);
    confirm_->setObjectName(QStringLiteral("releaseConfirm"));
    confirm_->setToolTip(tr("Start the release-mode run: its budget is spent step by step"));
    confirm_->setEnabled(false);
    confirm_->setAutoDefault(false);
    QPushButton* cancel = buttons->addButton(QDialogButtonBox::Cancel);
    cancel->setDefault(true);  // Enter never spends budget
    connect(understood_, &QCheckBox::toggled, this, &ReleaseConfirmDialog::updateTotal);
    // The folder is checked here, the dialog kept open with the steward's choices.
    connect(buttons, &QDialogButtonBox::accepted, this,
            [this, folderFixed] { acceptIfFolderFits(folderFixed); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    outer->addWidget(buttons);
    updateTotal();
    connect(words_, &PrivacyWords::expandedChanged, this, [this](bool on) {
        // After the layouts have taken the details in (a posted layout request), not before:
        // Hide gives their room back.
        QMetaObject::invokeMethod(
            this, [this, on] { fitToContent(/*shrink=*/!on); }, Qt::QueuedConnection);
    });
    resize(640, sizeHint().height());
}

void ReleaseConfirmDialog::showEvent(QShowEvent* event) {
    QDialog::showEvent(event);
    // The height the wrapped summary needs at this width, not at the label's own guess of a
    // width: with a long registry path its last line was cut until something re-laid it out
    // (a GUI check on 2026-12-01). Only now are the fonts and the width final.
    fitToContent();
}

void ReleaseConfirmDialog::fitToContent(bool shrink) {
    QLayout* parts = scroll_->widget()->layout();
    // Every part measured afresh: a layout keeps a part's height (the details just hidden) until
    // the part's geometry is said to have changed.
    for (QWidget* part : scroll_->widget()->findChildren<QWidget*>()) part->updateGeometry();
    parts->invalidate();
    layout()->activate();
    parts->activate();
    const int width = scroll_->viewport()->width();
    const int needed =
        parts->hasHeightForWidth() ? parts->totalHeightForWidth(width) : parts->totalSizeHint().height();
    int wanted = std::max(height() - scroll_->viewport()->height() + needed, minimumSizeHint().height());
    const QScreen* s = screen();
    const int frame = frameGeometry().height() - height();
    if (s) wanted = std::min(wanted, s->availableGeometry().height() - frame);
    if (wanted > height() || (shrink && wanted < height())) resize(this->width(), wanted);
    // Grown at the screen's bottom edge: moved up into the room above (a GUI check of 2026-12-01
    // found the folder row cut while the space above the dialog was free).
    if (!s) return;
    const QRect room = s->availableGeometry();
    const int overflow = frameGeometry().top() + height() + frame - room.bottom() - 1;
    if (overflow > 0) move(x(), std::max(room.top(), y() - overflow));
}

QWidget* ReleaseConfirmDialog::publishBox(const stream::RunConfig& config, const api::StreamBudget& budget,
                                          bool fixed) {
    auto* box = new QWidget(this);
    auto* rows = new QVBoxLayout(box);
    rows->setContentsMargins(0, 0, 0, 0);
    rows->addWidget(new QLabel(tr("Publish:"), box));
    for (const stream::SeriesConfig& s : config.series) {
        auto* check = new QCheckBox(QString::fromStdString(s.id), box);
        check->setObjectName(QStringLiteral("publish:") + QString::fromStdString(s.id));
        // A continued stream shows what it publishes; a new one has nothing ticked: the steward chooses.
        check->setChecked(fixed && std::find(budget.publishable.begin(), budget.publishable.end(), s.id) !=
                                       budget.publishable.end());
        check->setEnabled(!fixed);
        check->setToolTip(fixed ? tr("A continued stream publishes the series it published before.")
                                : tr("Publish this series' releases; its budget adds to the stream's total"));
        connect(check, &QCheckBox::toggled, this, [this] { standing_ ? updateDataset() : updateTotal(); });
        rows->addWidget(check);
        publish_.emplace_back(s.id, check);
    }
    total_ = new QLabel(box);
    total_->setObjectName(QStringLiteral("releaseTotal"));
    rows->addWidget(total_);
    words_ = new PrivacyWords(box);
    words_->hide();  // until setPrivacyWords
    rows->addWidget(words_);
    return box;
}

void ReleaseConfirmDialog::updateTotal() {
    std::vector<api::SeriesBudget> ticked;
    for (const auto& [id, check] : publish_)
        if (check->isChecked())
            for (const stream::SeriesConfig& s : config_.series)
                if (s.id == id) ticked.push_back({id, s.budget.amount()});
    const api::StreamTotal total = api::streamTotal(privacy::privacyModelName(config_.privacy), ticked,
                                                    config_.delta > 0 ? config_.delta : 1e-6);
    total_->setText(ticked.empty() ? tr("Tick at least one series to publish.")
                                   : tr("The published series cost %1 for the whole stream.")
                                         .arg(QString::fromStdString(api::totalText(total))));
    total_->setToolTip(tr("Exact: %1").arg(QString::number(total.sum, 'g', 17)));
    confirm_->setEnabled(understood_->isChecked() && !ticked.empty() &&
                         (charge_->isHidden() || charge_->isChecked()) &&
                         (otherTable_->isHidden() || otherTable_->isChecked()) && !datasetName().isEmpty());
    updateStorage();
    updateWords();
    // A tick changes the texts above (the total, the files, ε in words): the dialog grows to show them
    // (a GUI review of 2026-12-01 found the folder row half cut with room left below).
    if (isVisible()) fitToContent();
}

void ReleaseConfirmDialog::setPrivacyWords(
    std::function<api::PlainPrivacyRequest(const std::vector<std::string>&)> request,
    const QString& stepWord) {
    wordsRequest_ = std::move(request);
    stepWord_ = stepWord;
    words_->show();
    updateWords();
}

void ReleaseConfirmDialog::updateWords() {
    if (!wordsRequest_ || !words_) return;
    const std::vector<std::string> ticked = publishable();
    if (ticked.empty()) {
        words_->setUnavailable(tr("Tick a series to see what its ε means."));
        return;
    }
    try {
        words_->setDescription(api::describePrivacy(wordsRequest_(ticked)), stepWord_);
    } catch (const std::exception& e) {
        words_->setUnavailable(describeError(e));
    }
}

QLabel* ReleaseConfirmDialog::makeStorageLabel() {
    storage_ = new QLabel(this);
    storage_->setObjectName(QStringLiteral("releaseStorage"));
    storage_->setWordWrap(true);
    storage_->setToolTip(
        tr("Estimated before the run from public settings only: the public domain (bytes per row) "
           "and, for batches, the batch size. Each step's file of a proposed series holds its whole "
           "release; a baseline step's file holds only the rows new at that step."));
    return storage_;
}

void ReleaseConfirmDialog::setStorageEstimate(
    std::function<api::ReleaseStorage(const std::vector<std::string>&)> estimate) {
    estimate_ = std::move(estimate);
    updateStorage();
}

QString ReleaseConfirmDialog::storageText() const {
    return storage_->text();
}

void ReleaseConfirmDialog::updateStorage() {
    if (!estimate_ || !storage_) return;
    const api::ReleaseStorage s = estimate_(publishable());
    const auto files = static_cast<int>(s.files);
    const QString perRows = QString::fromStdString(api::bytesText(s.bytesPerThousandRows));
    bool appending = false;  // a baseline's release grows by appending: its step files hold new rows only
    for (const std::string& id : publishable())
        for (const stream::SeriesConfig& c : config_.series)
            appending = appending || (c.id == id && c.streamer == stream::StreamerKind::Baseline);
    const QString form = !s.compact  ? tr("plain CSV, each step's whole release")
                         : appending ? tr("gzip'd CSV; a baseline step's file holds only its new rows")
                                     : tr("gzip'd CSV");
    if (s.files == 0)
        storage_->setText(tr("Release files: none."));
    else if (s.rowsPublic)
        storage_->setText(
            tr("Release files: about %1 in %n step file(s) (%2; about %3 per 1,000 rows).", nullptr, files)
                .arg(QString::fromStdString(api::bytesText(s.bytes)), form, perRows));
    else
        storage_->setText(
            tr("Release files: %n step file(s) (%1) of about %2 per 1,000 rows; the rows per step "
               "are private, so the total is not estimated.",
               nullptr, files)
                .arg(form, perRows));
}

std::vector<std::string> ReleaseConfirmDialog::publishable() const {
    std::vector<std::string> ids;
    for (const auto& [id, check] : publish_)
        if (check->isChecked()) ids.push_back(id);
    return ids;
}

QString ReleaseConfirmDialog::totalText() const {
    return total_->text();
}

QCheckBox* ReleaseConfirmDialog::publishCheck(const QString& seriesId) const {
    for (const auto& [id, check] : publish_)
        if (QString::fromStdString(id) == seriesId) return check;
    return nullptr;
}

void ReleaseConfirmDialog::acceptIfFolderFits(bool folderFixed) {
    const QString problem = folderFixed ? QString() : emptyFolderProblem(folder());
    if (problem.isEmpty()) return accept();
    QMessageBox box(QMessageBox::Warning, tr("Folder for the releases"), problem, QMessageBox::Ok, this);
    box.setObjectName(QStringLiteral("releaseFolderProblem"));
    box.exec();
    folder_->setFocus();
}

QString ReleaseConfirmDialog::folder() const {
    return QDir::fromNativeSeparators(folder_->text().trimmed());
}
QString ReleaseConfirmDialog::summaryText() const {
    return summary_;
}

}  // namespace streamsynth::ui
