// ReleaseConfirmDialog and ReleaseGuard (see release_guard.h).
#include "ui/releases/release_guard.h"

#include <QCheckBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

#include "core/api/dataset_choice.h"
#include "core/api/run.h"
#include "core/api/session_workflow.h"
#include "core/values/error.h"
#include "core/values/output_file.h"
#include "core/values/series_spec.h"
#include "ui/experiment/coarsening_text.h"
#include "ui/experiment/privacy_words.h"
#include "ui/session/session_controller.h"
#include "ui/window/document_controller.h"
#include "ui/window/log_view.h"

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

QString sessionFileIn(const QString& folder) {
    return QDir(folder).filePath(QStringLiteral("stream.session"));
}

}  // namespace

QString defaultReleaseFolder(const QString& document) {
    QString name = document;
    for (QChar& c : name)
        if (!c.isLetterOrNumber() && c != u'-' && c != u'_' && c != u'.') c = u'-';
    const QString docs = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return QDir(docs).filePath(
        QStringLiteral("StreamSynth/releases/%1-%2")
            .arg(name.isEmpty() ? QStringLiteral("stream") : name,
                 QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"))));
}

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
    auto* layout = new QVBoxLayout(this);
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

    understood_ =
        new QCheckBox(tr("I understand that this spends the privacy budget and cannot be undone"), this);
    understood_->setObjectName(QStringLiteral("releaseUnderstood"));
    understood_->setToolTip(tr("Required: the run cannot start in release mode without it"));
    layout->addWidget(understood_);
    auto* buttons = new QDialogButtonBox(this);
    confirm_ = buttons->addButton(tr("Spend the budget and release"), QDialogButtonBox::AcceptRole);
    confirm_->setObjectName(QStringLiteral("releaseConfirm"));
    confirm_->setToolTip(tr("Start the release-mode run: its budget is spent step by step"));
    confirm_->setEnabled(false);
    confirm_->setAutoDefault(false);
    QPushButton* cancel = buttons->addButton(QDialogButtonBox::Cancel);
    cancel->setDefault(true);  // Enter never spends budget
    connect(understood_, &QCheckBox::toggled, this, &ReleaseConfirmDialog::updateTotal);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    updateTotal();
    resize(640, sizeHint().height());
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
                         (charge_->isHidden() || charge_->isChecked()) && !datasetName().isEmpty());
    updateStorage();
    updateWords();
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

QWidget* ReleaseConfirmDialog::makeDatasetBox() {
    auto* box = new QWidget(this);
    auto* rows = new QVBoxLayout(box);
    rows->setContentsMargins(0, 0, 0, 0);
    auto* row = new QHBoxLayout();
    row->addWidget(new QLabel(tr("Dataset:"), box));
    dataset_ = new QLineEdit(box);
    dataset_->setObjectName(QStringLiteral("releaseDataset"));
    dataset_->setToolTip(
        tr("The table (and the people in it) this stream is released from. Every stream of one dataset adds "
           "to one total, so a second stream of the same rows is never a fresh budget."));
    row->addWidget(dataset_, 1);
    rows->addLayout(row);
    datasetStanding_ = new QLabel(box);
    datasetStanding_->setObjectName(QStringLiteral("releaseDatasetStanding"));
    datasetStanding_->setWordWrap(true);
    rows->addWidget(datasetStanding_);
    charge_ = new QCheckBox(box);
    charge_->setObjectName(QStringLiteral("releaseChargeDataset"));
    charge_->setToolTip(
        tr("Required for a new stream of a dataset that has spent already: its budget adds "
           "to the dataset's total"));
    charge_->hide();
    rows->addWidget(charge_);
    connect(dataset_, &QLineEdit::textChanged, this, &ReleaseConfirmDialog::updateDataset);
    connect(charge_, &QCheckBox::toggled, this, &ReleaseConfirmDialog::updateTotal);
    box->setVisible(false);  // until setDataset
    return box;
}

void ReleaseConfirmDialog::setDataset(const QString& proposed, bool fixed, Standing standing) {
    standing_ = std::move(standing);
    dataset_->parentWidget()->setVisible(true);
    dataset_->setText(proposed);
    dataset_->setReadOnly(fixed);
    updateDataset();
}

QString ReleaseConfirmDialog::datasetName() const {
    return dataset_->parentWidget()->isHidden() ? QStringLiteral("-") : dataset_->text().trimmed();
}

bool ReleaseConfirmDialog::chargeConfirmed() const {
    return !charge_->isHidden() && charge_->isChecked();
}

QString ReleaseConfirmDialog::datasetText() const {
    return datasetStanding_->text() + QLatin1Char('\n') + (charge_->isHidden() ? QString() : charge_->text());
}

void ReleaseConfirmDialog::updateDataset() {
    std::optional<api::DatasetStanding> d;
    QString problem;
    if (standing_ && !dataset_->text().trimmed().isEmpty()) {
        try {
            d = standing_(dataset_->text().trimmed(), publishable());
        } catch (const std::exception& e) {
            problem = describeError(e);
        }
    }
    const auto text = [](const api::DatasetTotal& t) {
        return QString::fromStdString(api::datasetTotalText(t));
    };
    QStringList lines;
    if (!problem.isEmpty()) lines << problem;
    if (d && publishable().empty())  // nothing ticked: what the dataset has spent so far
        lines << (d->others.streams > 0
                      ? tr("This dataset has already spent %1; tick the series to publish to see its total "
                           "with this stream.")
                            .arg(text(d->others))
                      : tr("Tick the series to publish to see the dataset's total with this stream."));
    else if (d && d->others.streams > 0)
        lines
            << tr("<b>This dataset has already spent %1.</b> A new stream reads the same people, so its cost "
                  "adds up: with it the dataset's total becomes <b>%2</b>. To release new rows of a "
                  "released stream, cancel and continue its session instead (File ▸ Continue with new "
                  "rows…).")
                   .arg(text(d->others), text(d->total));
    else if (d)
        lines << tr("The dataset's total privacy loss with this stream: %1.").arg(text(d->total));
    if (d && d->maxTotalEpsilon)
        lines << tr("The dataset's limit: ε = %1 over all its streams.")
                     .arg(QString::fromStdString(api::roundedText(*d->maxTotalEpsilon)));
    if (d)
        for (const std::string& w : d->lookalikes) lines << tr("Warning: %1").arg(QString::fromStdString(w));
    datasetStanding_->setText(lines.join(QStringLiteral("<br>")));
    const bool needsCharge = d && !d->joined && d->others.streams > 0;
    charge_->setVisible(needsCharge);
    if (!needsCharge) charge_->setChecked(false);
    if (d)
        charge_->setText(tr("Charge this new stream to “%1” (its total becomes %2)")
                             .arg(QString::fromStdString(d->name), text(d->total)));
    updateTotal();
    // The dataset's lines came after the dialog was sized: grow so that nothing is squeezed.
    if (height() < sizeHint().height()) resize(width(), sizeHint().height());
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

QString registrySetting() {
    return QSettings().value(QStringLiteral("release/registry")).toString();
}
void setRegistrySetting(const QString& spec) {
    QSettings().setValue(QStringLiteral("release/registry"), spec.trimmed());
}

void askRegistrySetting(QWidget* parent) {
    bool ok = false;
    const QString spec = QInputDialog::getText(
        parent, ReleaseGuard::tr("Release registry"),
        ReleaseGuard::tr(
            "The database that records every released step (a SQLite file, or postgresql://… shared by "
            "several machines). Empty: the default in your data folder. A continued stream keeps its "
            "own."),
        QLineEdit::Normal, registrySetting(), &ok);
    if (ok) setRegistrySetting(spec);
}

QString ReleaseConfirmDialog::folder() const {
    return QDir::fromNativeSeparators(folder_->text().trimmed());
}
QString ReleaseConfirmDialog::summaryText() const {
    return summary_;
}

ReleaseGuard::ReleaseGuard(WindowVoice voice, DocumentController* document, SessionController* sessions,
                           QObject* parent)
    : QObject(parent), voice_(voice), document_(document), sessions_(sessions) {}

bool ReleaseGuard::prepare(api::Run& run, bool continued, const QString& document) {
    const std::optional<ReleaseAnswers> answers = confirm(run, continued, document);
    return answers && apply(run, *answers);
}

namespace {
// Compact files (docs/spec.md, "Release files"); a continued session keeps the form it began with.
api::ReleaseOutput releaseOutput(const api::Run& run, bool continued, const QString& folder) {
    api::ReleaseOutput output{folder.toStdString(), api::ExportWhich::All, api::BinOutput::Interval};
    const std::string files = continued ? run.sessionSetting("release-files") : std::string("compact");
    output.files = api::parseReleaseFiles(files.empty() ? "csv" : files);
    return output;
}
}  // namespace

std::optional<ReleaseAnswers> ReleaseGuard::confirm(api::Run& run, bool continued, const QString& document) {
    QString folder;
    if (continued) {
        // Where the session's earlier releases went (api::Run::setOutput kept it), else beside the session.
        const QString session = sessions_->path();
        const std::string out = run.sessionSetting("out");
        folder = out.empty() ? QFileInfo(session).absolutePath() + QLatin1Char('/') +
                                   QFileInfo(session).completeBaseName() + QStringLiteral("-releases")
                             : QString::fromStdString(out);
    } else {
        folder = defaultReleaseFolder(document);
    }
    if (!continued && !offerToContinue()) return std::nullopt;
    api::StreamBudget budget;
    ReleaseAnswers answers;
    answers.continued = continued;
    const std::string table = document_->path().toStdString();
    const QString proposed = continued ? QString::fromStdString(run.sessionSetting("dataset"))
                                       : QString::fromStdString(api::defaultDatasetNameOfFile(table));
    try {
        if (!continued) {
            run.setRegistry(registrySetting().toStdString());  // a continued stream keeps its own
            run.setDataset(api::datasetChoiceForFile(table, proposed.toStdString(), false));
        }
        budget = run.streamBudget();
        answers.registry = QString::fromStdString(run.registryLocation());
    } catch (const std::exception& e) {
        reportError(voice_, tr("Release mode"), describeError(e));
        return std::nullopt;
    }
    ReleaseConfirmDialog dialog(run.config(), run.nextStep(), run.stepCount(), document, folder, continued,
                                budget, answers.registry, voice_.window);
    if (!proposed.isEmpty() || !continued)
        dialog.setDataset(
            proposed, continued,
            [&run, table, continued](const QString& name, const std::vector<std::string>& ticked) {
                if (!continued) {
                    run.setDataset(api::datasetChoiceForFile(table, name.toStdString(), false));
                    if (!ticked.empty()) run.setPublishable(ticked);  // the total counts them
                }
                return run.streamBudget().dataset;
            });
    const api::ReleaseOutput output = releaseOutput(run, continued, folder);
    dialog.setStorageEstimate([&run, output](const std::vector<std::string>& ids) {
        return api::estimateReleaseStorage(run, output, ids, run.nextStep(), run.stepCount());
    });
    dialog.setPrivacyWords([&run](const std::vector<std::string>& ids) { return run.privacyRequest(ids); },
                           stepWordOf(run.schema().stream));
    if (dialog.exec() != QDialog::Accepted) {
        voice_.log->append(tr("Release-mode run not started: not confirmed."));
        return std::nullopt;
    }
    answers.folder = QDir::cleanPath(QFileInfo(dialog.folder()).absoluteFilePath());
    answers.session = continued ? sessions_->path() : sessionFileIn(answers.folder);
    answers.publishable = dialog.publishable();
    answers.dataset = dialog.datasetName();
    answers.charge = dialog.chargeConfirmed();
    answers.totalText = dialog.totalText();
    return answers;
}

bool ReleaseGuard::apply(api::Run& run, const ReleaseAnswers& answers) {
    const QString& folder = answers.folder;
    const QString& session = answers.session;
    try {
        if (!answers.continued) api::checkNewRunTargets(session.toStdString(), folder.toStdString(), false);
        makePrivateFolders(folder.toStdString());
        if (!answers.continued) {
            run.setRegistry(registrySetting().toStdString());
            run.setPublishable(answers.publishable);
            run.setDataset(api::datasetChoiceForFile(document_->path().toStdString(),
                                                     answers.dataset.toStdString(), answers.charge));
        }
        run.setSessionFile(session.toStdString(), true);
        run.setOutput(releaseOutput(run, answers.continued, folder));
    } catch (const std::exception& e) {
        reportError(voice_, tr("Release mode"), describeError(e));
        return false;
    }
    folder_ = folder;
    session_ = session;
    sessions_->setPath(session);
    voice_.log->append(
        tr("Release mode confirmed: releases and the session (saved before each step) go to %1").arg(folder));
    voice_.log->append(tr("Stream %1: %2 Each step is claimed in the release registry %3.")
                           .arg(QString::fromStdString(run.streamId()), answers.totalText, answers.registry));
    return true;
}

bool ReleaseGuard::offerToContinue() {
    const QString session = document_->releaseSession();
    if (session.isEmpty() || !QFileInfo::exists(session)) return true;
    QMessageBox box(QMessageBox::Question, tr("Release this table again?"),
                    tr("<p>This table's stream has already released steps (session %1).</p><p>A new "
                       "release-mode run would be a <b>second stream over the same rows</b>: its budget adds "
                       "to the dataset's total. To release only the rows that are new since, continue the "
                       "released stream instead.</p>")
                        .arg(session.toHtmlEscaped()),
                    QMessageBox::Cancel, voice_.window);
    box.setObjectName(QStringLiteral("releaseAgainQuestion"));
    QPushButton* cont = box.addButton(tr("Continue the released stream"), QMessageBox::AcceptRole);
    cont->setObjectName(QStringLiteral("releaseAgainContinue"));
    QPushButton* fresh =
        box.addButton(tr("Start a new stream of the dataset…"), QMessageBox::DestructiveRole);
    fresh->setObjectName(QStringLiteral("releaseAgainNew"));
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    if (box.clickedButton() == fresh) return true;
    if (box.clickedButton() == cont) {
        const QString table = document_->path();
        voice_.log->append(tr("Continuing the released stream of %1 with its new rows.").arg(session));
        // After this run's start was declined: open the stream's session and continue it with the table.
        QTimer::singleShot(0, sessions_, [sessions = sessions_, session, table] {
            if (sessions->open(session)) sessions->continueWith(table);
        });
    } else {
        voice_.log->append(tr("Release-mode run not started: the table's stream was released already."));
    }
    return false;
}

void ReleaseGuard::ended(const api::Run& run, int firstStep) {
    const int released = run.nextStep() - firstStep;
    if (folder_.isEmpty() || released <= 0) return;
    document_->setReleaseRun(folder_, session_, released);
}

}  // namespace streamsynth::ui
