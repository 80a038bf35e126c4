// api::Run (run.h): the front ends' handle on one run, forwarding each
// member to the run machinery of core/workflow (run_machine.h), which holds
// the engine, the outputs, the journals and the registry claims.
#include "core/api/run.h"

#include <utility>

#include "core/stream/noisy_marginals.h"
#include "core/workflow/run_machine.h"
#include "core/workflow/run_targets.h"

namespace streamsynth::api {

Run::Run(std::unique_ptr<workflow::RunMachine> machine) : machine_(std::move(machine)) {}
Run::~Run() = default;

int Run::stepCount() const {
    return machine_->stepCount();
}
int Run::nextStep() const {
    return machine_->nextStep();
}
const RunConfig& Run::config() const {
    return machine_->config();
}
const data::Schema& Run::schema() const {
    return machine_->schema();
}
std::vector<std::string> Run::workloadLabels() const {
    return machine_->workloadLabels();
}
std::vector<SeriesStepResult> Run::history(const std::string& seriesId) const {
    return machine_->history(seriesId);
}
LedgerReport Run::ledger() const {
    return machine_->ledger();
}
data::Table Run::release(const std::string& seriesId) const {
    return machine_->release(seriesId);
}
TrueVsSynthetic Run::compareWithTruth(const std::string& seriesId) const {
    return machine_->compareWithTruth(seriesId);
}
std::vector<double> Run::oneWayUniformTV() const {
    return machine_->oneWayUniformTV();
}
std::vector<std::string> Run::supportWarnings(int steps) const {
    return machine_->supportWarnings(steps);
}
std::vector<SupportFinding> Run::supportFindings(int steps) const {
    return machine_->supportFindings(steps);
}
void Run::setOutput(ReleaseOutput output) {
    machine_->setOutput(std::move(output));
}
void Run::setSpool(std::shared_ptr<ReleaseSpool> spool) {
    machine_->setSpool(std::move(spool));
}
const ReleaseSpool* Run::spool() const {
    return machine_->spool();
}
void Run::setSessionFile(const std::string& path, bool autosave) {
    machine_->setSessionFile(path, autosave);
}
const std::string& Run::sessionFile() const {
    return machine_->sessionFile();
}
int Run::run(const RunCallbacks& callbacks, const std::atomic<bool>* cancel, int lastStep) {
    return machine_->run(callbacks, cancel, lastStep);
}
std::vector<SeriesStepResult> Run::runRepeat(int repeat, int lastStep,
                                             const std::function<void(int, int)>& onProgress) {
    return machine_->runRepeat(repeat, lastStep, onProgress);
}
const std::string& Run::streamId() const {
    return machine_->streamId();
}
bool Run::streamIdAssigned() const {
    return machine_->streamIdAssigned();
}
void Run::setRegistry(const std::string& spec, bool createNew) {
    machine_->setRegistry(spec, createNew);
}
std::string Run::registryLocation() const {
    return machine_->registryLocation();
}
void Run::setPublishable(const std::vector<std::string>& seriesIds) {
    machine_->setPublishable(seriesIds);
}
std::vector<std::string> Run::publishable() const {
    return machine_->publishable();
}
StreamBudget Run::streamBudget() const {
    return machine_->streamBudget();
}
PlainPrivacyRequest Run::privacyRequest(const std::vector<std::string>& published) const {
    return machine_->privacyRequest(published);
}
void Run::setMaxTotalEpsilon(double epsilon) {
    machine_->setMaxTotalEpsilon(epsilon);
}
void Run::setDataset(const DatasetChoice& choice) {
    machine_->setDataset(choice);
}
Recovery Run::recoverFrom(const RecoveryRequest& request) {
    return machine_->recoverFrom(request);
}
void Run::saveSession(const std::string& path) {
    machine_->saveSession(path);
}
ReleaseOutput Run::recordedOutput() const {
    return machine_->recordedOutput();
}
std::string Run::sessionSetting(const std::string& key) const {
    return machine_->sessionSetting(key);
}
void Run::setSetting(const std::string& key, const std::string& value) {
    machine_->setSetting(key, value);
}
int Run::pendingReleaseStep() const {
    return machine_->pendingReleaseStep();
}
std::vector<std::string> Run::finishPendingReleases() {
    return machine_->finishPendingReleases();
}
std::vector<std::string> Run::writeRunFiles(
    const std::string& dir, const std::vector<std::vector<SeriesStepResult>>& moreRepeats) const {
    return machine_->writeRunFiles(dir, moreRepeats);
}
std::string Run::summaryJson(const std::vector<std::vector<SeriesStepResult>>& moreRepeats) const {
    return machine_->summaryJson(moreRepeats);
}
int Run::exportLatest(const std::string& dir, BinOutput bins, bool marginals) const {
    return machine_->exportLatest(dir, bins, marginals);
}
stream::NoisyMarginals Run::noisyMarginals(const std::string& seriesId) const {
    return machine_->noisyMarginals(seriesId);
}
std::string Run::exportRelease(const std::string& seriesId, const std::string& csvPath,
                               BinOutput bins) const {
    return machine_->exportRelease(seriesId, csvPath, bins);
}
SpooledExport Run::exportKept(const std::vector<std::pair<std::string, int>>& which, const std::string& dir,
                              BinOutput bins) const {
    return machine_->exportKept(which, dir, bins);
}

void checkNewRunTargets(const std::string& sessionPath, const std::string& outDir, bool replace) {
    workflow::checkNewRunTargets(sessionPath, outDir, replace);
}
NewRunTargets newRunTargets(const std::string& sessionPath, const std::string& outDir) {
    return workflow::newRunTargets(sessionPath, outDir);
}
void removeRefusedRunLitter(const NewRunTargets& targets) {
    workflow::removeRefusedRunLitter(targets);
}
std::string setAsideReplacedReleases(const std::string& outDir) {
    return workflow::setAsideReplacedReleases(outDir);
}
void finishReplacedReleases(const std::string& outDir, const std::string& aside, bool runSucceeded) {
    workflow::finishReplacedReleases(outDir, aside, runSucceeded);
}

}  // namespace streamsynth::api
