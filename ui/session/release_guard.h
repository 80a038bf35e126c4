// Guard rails of release mode. A release-mode run spends
// real budget on publishable releases, so before it starts the steward sees
// what will be spent and that it cannot be undone, and confirms it in a
// dialog (a tick plus a button that names the act; Cancel is the default).
// Its releases never live in a temporary folder: every step's release files
// are written to a persistent folder (default under the user's documents)
// beside the session, which is saved before each step's files (write-ahead,
// with the release journal and locks of api::Run), so a crash or a quit can
// never lose a release whose budget was spent. A continued release-mode
// session writes into the folder its session names.
#pragma once

#include <QDialog>
#include <QString>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/api/plain_privacy.h"
#include "core/api/release_storage.h"
#include "core/values/run_config.h"
#include "core/values/stream_budget.h"
#include "ui/desk/window_views.h"

class QCheckBox;
class QScrollArea;
class QLabel;
class QLineEdit;
class QPushButton;

namespace streamsynth::api {
class Run;
}

namespace streamsynth::ui {

class PrivacyWords;

class SessionController;

class ReleaseConfirmDialog : public QDialog {
    Q_OBJECT
public:
    // steps firstStep..lastStep of `config`'s series over `document`; the
    // folder and the published series may be changed unless fixed (a
    // continued session's). budget: the stream's totals and its published
    // series (ticked at first); registry: where each step is claimed.
    ReleaseConfirmDialog(const stream::RunConfig& config, int firstStep, int lastStep,
                         const QString& document, const QString& folder, bool folderFixed,
                         const api::StreamBudget& budget, const QString& registry, QWidget* parent = nullptr);
    QString folder() const;
    QString summaryText() const;
    // The ticked series (ids), and the privacy loss of publishing them together.
    std::vector<std::string> publishable() const;
    QString totalText() const;
    QCheckBox* publishCheck(const QString& seriesId) const;
    // The size of the release files for the ticked series (estimated from
    // public settings, api/release_storage.h), shown above the folder and
    // updated when the ticks change.
    void setStorageEstimate(std::function<api::ReleaseStorage(const std::vector<std::string>&)> estimate);
    QString storageText() const;
    // ε in plain words for the ticked series (issue 47): request(ticked ids) gives the figures' inputs.
    void setPrivacyWords(std::function<api::PlainPrivacyRequest(const std::vector<std::string>&)> request,
                         const QString& stepWord);
    PrivacyWords* privacyWords() const { return words_; }
    // The dataset the stream is charged to (docs/privacy-models.md, "One
    // budget per dataset"): proposed (the table's name), fixed for a continued
    // stream; standing(name) tells what the dataset has spent. A new stream
    // of a dataset that has spent needs its charge ticked before Confirm.
    // standing(name, ticked series) follows the ticks: the dataset's total with this stream counts the
    // series ticked for publication (none ticked: only what the dataset has spent so far).
    using Standing =
        std::function<std::optional<api::DatasetStanding>(const QString&, const std::vector<std::string>&)>;
    void setDataset(const QString& proposed, bool fixed, Standing standing);
    QString datasetName() const;
    bool chargeConfirmed() const;
    // The steward's word that the table is not the one its look-alikes were released from.
    bool otherTableConfirmed() const;
    QLineEdit* datasetEdit() const { return dataset_; }
    QCheckBox* chargeCheck() const { return charge_; }
    QCheckBox* otherTableCheck() const { return otherTable_; }
    QString datasetText() const;
    QCheckBox* understoodCheck() const { return understood_; }
    QLineEdit* folderEdit() const { return folder_; }
    QPushButton* confirmButton() const { return confirm_; }

protected:
    // Once polished (its fonts known): as high as its wrapped texts need at its width.
    void showEvent(QShowEvent* event) override;

private:
    static QString summaryFor(const stream::RunConfig& config, int firstStep, int lastStep,
                              const QString& document, const api::StreamBudget& budget,
                              const QString& registry);
    void updateTotal();
    void updateStorage();
    // Accepts unless the folder cannot take a new stream's releases (said, the dialog kept open).
    void acceptIfFolderFits(bool folderFixed);
    // As high as the scrolled parts need at this width, within the screen (they scroll beyond it),
    // moved up when it would pass the screen's bottom; shrink: also lower (the details hidden).
    void fitToContent(bool shrink = false);
    QLabel* makeStorageLabel();
    QWidget* publishBox(const stream::RunConfig& config, const api::StreamBudget& budget, bool fixed);
    QString summary_;
    QScrollArea* scroll_ = nullptr;  // everything above the understood tick and the buttons
    stream::RunConfig config_;
    std::vector<std::pair<std::string, QCheckBox*>> publish_;
    QLabel* total_ = nullptr;
    PrivacyWords* words_ = nullptr;
    std::function<api::PlainPrivacyRequest(const std::vector<std::string>&)> wordsRequest_;
    QString stepWord_;
    void updateWords();
    QLabel* storage_ = nullptr;
    std::function<api::ReleaseStorage(const std::vector<std::string>&)> estimate_;
    void updateDataset();
    QWidget* makeDatasetBox();
    QLineEdit* folder_ = nullptr;
    QLineEdit* dataset_ = nullptr;
    QLabel* datasetStanding_ = nullptr;
    QCheckBox* charge_ = nullptr;
    QCheckBox* otherTable_ = nullptr;  // shown for a new stream with look-alikes
    Standing standing_;
    QCheckBox* understood_ = nullptr;
    QPushButton* confirm_ = nullptr;
};

// <Documents>/StreamSynth/releases/<document>-<yyyyMMdd-HHmmss>.
QString defaultReleaseFolder(const QString& document);
// The release registry of new release-mode runs (Run > Release registry…;
// QSettings "release/registry"): "" = the default in the user's data folder.
QString registrySetting();
// newConfirmed: the steward confirmed that a file not there yet may be made
// as a new registry (once; the menu asks, see askRegistrySetting).
void setRegistrySetting(const QString& spec, bool newConfirmed = false);
// Run > Release registry…: asks for it (a line edit with the current one).
// What changed, for the log; empty when nothing did.
QString askRegistrySetting(QWidget* parent);

// What the steward confirmed for a release-mode run (ReleaseGuard::confirm),
// applied to the run that is then started (ReleaseGuard::apply).
struct ReleaseAnswers {
    bool continued = false;
    QString folder, session, registry;
    std::vector<std::string> publishable;
    QString dataset;
    bool charge = false;
    bool otherTable = false;
    QString totalText;
};

class ReleaseGuard : public QObject {
    Q_OBJECT
public:
    ReleaseGuard(WindowVoice voice, Document* document, SessionController* sessions,
                 QObject* parent = nullptr);

    // Before a release-mode run starts (new or continued): the dialog, then
    // the run's persistent folder and autosaved session. False (nothing
    // changed on disk) when the steward declines or the folder cannot be used.
    bool prepare(api::Run& run, bool continued, const QString& document);
    // The two halves of prepare: the dialog (nothing changes on disk; the
    // run is only asked about its budget and settings), and applying its
    // answers to a run made after it. A run whose DP choice of kept labels
    // is drawn while it is made is confirmed on a run made before the draw
    // (RunPresenter::startNew): every DP draw follows its confirmation.
    std::optional<ReleaseAnswers> confirm(api::Run& run, bool continued, const QString& document);
    bool apply(api::Run& run, const ReleaseAnswers& answers);
    // After it ended: its releases are pending for the document's question.
    void ended(const api::Run& run, int firstStep);
    QString folder() const { return folder_; }

private:
    // A new stream of a table whose stream released already: continue that
    // stream (started once this start is declined), start a new one, or
    // cancel. True for a new stream.
    bool offerToContinue();
    WindowVoice voice_;
    Document* document_;
    SessionController* sessions_ = nullptr;
    QString folder_, session_;
};

}  // namespace streamsynth::ui
