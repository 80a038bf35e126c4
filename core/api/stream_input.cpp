// api::StreamInput (stream_input.h): the front ends' handle on a stream's
// input, over core/workflow/stream_input.h.
#include "core/api/stream_input.h"

#include <utility>

#include "core/workflow/stream_input.h"

namespace streamsynth::api {

StreamInput::StreamInput(std::unique_ptr<workflow::StreamInput> input) : input_(std::move(input)) {}
StreamInput::StreamInput(StreamInput&&) noexcept = default;
StreamInput& StreamInput::operator=(StreamInput&&) noexcept = default;
StreamInput::~StreamInput() = default;

StreamInput StreamInput::open(const InputRequest& request) {
    return StreamInput(std::make_unique<workflow::StreamInput>(workflow::StreamInput::open(request)));
}

const data::Schema& StreamInput::schema() const {
    return input_->schema();
}
const std::vector<data::Problem>& StreamInput::problems() const {
    return input_->problems();
}
bool StreamInput::domainFromData() const {
    return input_->domainFromData();
}
std::string StreamInput::description() const {
    return input_->description();
}
int StreamInput::stepCount() const {
    return input_->stepCount();
}
long long StreamInput::rowCount() const {
    return input_->rowCount();
}
std::vector<std::string> StreamInput::periods() const {
    return input_->periods();
}

std::string connectionForDisplay(const std::string& conninfo) {
    return workflow::connectionForDisplay(conninfo);
}
std::vector<std::string> databaseColumns(const InputRequest& request) {
    return workflow::databaseColumns(request);
}
data::Proposal proposeDatabaseDomain(const InputRequest& request) {
    return workflow::proposeDatabaseDomain(request);
}

}  // namespace streamsynth::api
