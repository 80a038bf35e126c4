// ReleaseGuard (see release_guard.h): the checks before a release-mode run (a table released already, the
// registry and dataset asked of the run, the confirmation dialog's answers applied to the run), the
// default release folder and the release registry setting. The dialog is in release_guard_dialog.cpp,
// its dataset box in release_guard_dataset.cpp.
#include "ui/session/release_guard.h"

#include <QBoxLayout>
#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>

#include "core/api/dataset_choice.h"
#include "core/api/registry_file.h"
#include "core/api/run.h"
#include "core/api/session_workflow.h"
#include "core/values/error.h"
#include "core/values/output_file.h"
#include "ui/desk/document.h"
#include "ui/desk/log_view.h"
#include "ui/desk/questions.h"
#include "ui/experiment/coarsening_text.h"
#include "ui/session/session_controller.h"

namespace streamsynth::ui {

namespace {

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

QString registrySetting() {
    return QSettings().value(QStringLiteral("release/registry")).toString();
}
void setRegistrySetting(const QString& spec, bool newConfirmed) {
    QSettings settings;
    const QString path = spec.trimmed();
    settings.setValue(QStringLiteral("release/registry"), path);
    if (newConfirmed && !path.isEmpty() && !QFileInfo::exists(path))
        settings.setValue(QStringLiteral("release/registry-new"), path);
    else
        settings.remove(QStringLiteral("release/registry-new"));
}

namespace {
// A registry file typed in the menu and confirmed there as new may be made,
// once: when the file exists the confirmation is spent, so a registry deleted
// later is never made again silently (the core refuses a missing file then).
bool newRegistryConfirmed() {
    QSettings settings;
    const QString spec = registrySetting();
    const QString confirmed = settings.value(QStringLiteral("release/registry-new")).toString();
    if (spec.isEmpty() || confirmed != spec) return false;
    if (!QFileInfo::exists(spec)) return true;
    settings.remove(QStringLiteral("release/registry-new"));
    return false;
}
}  // namespace

namespace {
QString registryName(const QString& spec) {
    return spec.isEmpty() ? ReleaseGuard::tr("The default registry") : spec.toHtmlEscaped();
}

// The steward's answer to one of the two questions about a registry file (0: use it).
bool confirmedUse(QWidget* parent, const QString& name, const QString& text, const QString& yes) {
    return askQuestion(parent, name, QMessageBox::Warning, ReleaseGuard::tr("Release registry"), text,
                       {yes, ReleaseGuard::tr("Cancel")}, 1, 1) == 0;
}

// A copy of a registry file (a backup restored, a move to another disk) is
// refused for claims until the steward says it is the registry restored, with
// no other copy in use; one older than seen (fewer records, or without
// the last write: an older backup) until the steward says the newer one is lost for good
// (api/registry_file.h). False: not to be used.
struct TakenFile {
    bool restored = false;         // a copy recorded as the registry restored
    bool older = false;            // an older copy taken as the registry
    api::OlderRegistryTaken back;  // what the older copy got back from what this computer saw
};
bool acceptRestoredCopy(QWidget* parent, const QString& spec, TakenFile* taken) {
    try {
        const std::string file = spec.toStdString();
        if (api::registryFileState(file) == api::RegistryFile::Copy) {
            if (!confirmedUse(
                    parent, QStringLiteral("restoredRegistryQuestion"),
                    ReleaseGuard::tr(
                        "<p>%1 is a copy of a release registry file: a backup, a copy, or the file "
                        "moved to another disk. Steps released through two copies of one registry "
                        "would be released twice, and neither copy would know.</p><p>Use it only if "
                        "it is your registry restored from a backup (or moved), and no other copy of "
                        "it is in use.</p>")
                        .arg(registryName(spec)),
                    ReleaseGuard::tr("It is the registry, restored")))
                return false;
            api::confirmRestoredRegistry(file);
            taken->restored = true;
        }
        if (api::registryFileState(file) != api::RegistryFile::Older) return true;
        if (!confirmedUse(
                parent, QStringLiteral("olderRegistryQuestion"),
                ReleaseGuard::tr("<p>%1 is an older copy of the registry seen on this computer: it holds "
                                 "fewer records, or lacks the last one written (an older backup, a disk "
                                 "snapshot). Steps claimed "
                                 "since it was copied could be released a second time.</p><p>Use it "
                                 "only if the newer registry is lost for good, and never continue a "
                                 "stream from a session older than its last release.</p>")
                    .arg(registryName(spec)),
                ReleaseGuard::tr("The newer one is lost: use it")))
            return false;
        taken->back = api::confirmOlderRegistry(file);
        taken->older = true;
        return true;
    } catch (const std::exception& e) {
        QMessageBox box(QMessageBox::Warning, ReleaseGuard::tr("Release registry"), describeError(e),
                        QMessageBox::Ok, parent);
        box.setObjectName(QStringLiteral("registryRefused"));
        box.exec();
        return false;
    }
}
}  // namespace

QString askRegistrySetting(QWidget* parent) {
    QInputDialog ask(parent);
    ask.setObjectName(QStringLiteral("registryQuestion"));
    ask.setWindowTitle(ReleaseGuard::tr("Release registry"));
    // The default's path said, and a file to choose (a GUI walkthrough of 2026-12-01 found a bare
    // text field and "the default in your data folder" without a path).
    const QString fallback = QString::fromStdString(api::registryLocation(std::string()));
    ask.setLabelText(
        ReleaseGuard::tr("The database that records every released step (a SQLite file, or postgresql://… "
                         "shared by several machines). Empty: the default, %1. A continued stream keeps its "
                         "own.")
            .arg(QDir::toNativeSeparators(fallback)));
    ask.setTextValue(registrySetting());
    // The explanation wraps: on one line it made the dialog 1,119 px wide (a GUI check of 2026-12-01).
    for (QLabel* label : ask.findChildren<QLabel*>()) label->setWordWrap(true);
    // The dialog lays itself out when shown: the button joins it then, above its buttons.
    QTimer::singleShot(0, &ask, [&ask, fallback] {
        auto* layout = qobject_cast<QBoxLayout*>(ask.layout());
        if (!layout) return;
        auto* browse = new QPushButton(ReleaseGuard::tr("Choose a file…"), &ask);
        browse->setObjectName(QStringLiteral("registryBrowse"));
        QObject::connect(browse, &QPushButton::clicked, &ask, [&ask, fallback] {
            const QString now = ask.textValue().trimmed();
            const QString start = now.isEmpty() || now.startsWith(QLatin1String("postgres")) ? fallback : now;
            const QString file =
                QFileDialog::getSaveFileName(&ask, ReleaseGuard::tr("Release registry file"), start,
                                             ReleaseGuard::tr("Release registries (*.sqlite);;All files (*)"),
                                             nullptr, QFileDialog::DontConfirmOverwrite);
            if (!file.isEmpty()) ask.setTextValue(QDir::toNativeSeparators(file));
        });
        layout->insertWidget(layout->count() - 1, browse, 0, Qt::AlignLeft);
    });
    ask.resize(560, ask.sizeHint().height());
    if (ask.exec() != QDialog::Accepted) return {};
    const QString spec = ask.textValue();
    const QString path = spec.trimmed();
    // A file not there yet (a typo, a fresh start) would be a new registry that knows nothing of
    // the steps released through the others: only on purpose (the CLI's --new-registry).
    if (!path.isEmpty() && !path.startsWith(QLatin1String("postgres")) && !QFileInfo::exists(path) &&
        QMessageBox::question(
            parent, ReleaseGuard::tr("Release registry"),
            ReleaseGuard::tr("There is no release registry at %1 yet. A new registry knows nothing of the "
                             "steps released through your other registries, so a table released there "
                             "could be released again. Start a new registry there?")
                .arg(path),
            QMessageBox::Yes | QMessageBox::No, QMessageBox::No) != QMessageBox::Yes)
        return {};
    TakenFile taken;
    if (!acceptRestoredCopy(parent, path, &taken)) return {};
    setRegistrySetting(spec, /*newConfirmed=*/true);  // asked above when the file is not there
    const QString named = path.isEmpty() ? ReleaseGuard::tr("the default one in your data folder") : path;
    if (taken.older)
        return ReleaseGuard::tr(
                   "Release registry: %1, taken as the registry though older than the one last seen; "
                   "released steps written back into it from what this computer saw since it was copied: %2")
            .arg(named)
            .arg(taken.back.releasedSteps);
    return taken.restored ? ReleaseGuard::tr(
                                "Release registry: %1, recorded as the registry restored from a backup; "
                                "steps are claimed through it from now on")
                                .arg(named)
                          : ReleaseGuard::tr("Release registry: %1").arg(named);
}

ReleaseGuard::ReleaseGuard(WindowVoice voice, Document* document, SessionController* sessions,
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
            // A continued stream keeps its own; a new file only as confirmed in the menu.
            run.setRegistry(registrySetting().toStdString(), newRegistryConfirmed());
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
    answers.otherTable = dialog.otherTableConfirmed();
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
            run.setRegistry(registrySetting().toStdString(), newRegistryConfirmed());
            run.setPublishable(answers.publishable);
            api::DatasetChoice choice = api::datasetChoiceForFile(
                document_->path().toStdString(), answers.dataset.toStdString(), answers.charge);
            choice.otherTableConfirmed = answers.otherTable;
            run.setDataset(choice);
        }
        run.setSessionFile(session.toStdString(), true);
        const QString recorded = QString::fromStdString(run.sessionSetting("out"));
        run.setOutput(releaseOutput(run, answers.continued, folder));
        if (answers.continued && !recorded.isEmpty() &&
            QDir::cleanPath(QFileInfo(recorded).absoluteFilePath()) != folder)
            voice_.log->append(tr("This stream's releases of steps 1..%1 went to %2; %3 gets those from step "
                                  "%4 on: publish the two folders together.")
                                   .arg(run.nextStep() - 1)
                                   .arg(recorded, folder)
                                   .arg(run.nextStep()));
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
