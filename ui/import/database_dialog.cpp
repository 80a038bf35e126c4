// The Open database… dialog; see database_dialog.h.
#include "ui/import/database_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

#include "ui/import/password_prompt.h"
#include "ui/widgets/error_text.h"

namespace streamsynth::ui {

namespace {

constexpr int kRecent = 8;
const char* kRecentKey = "database/recent";

}  // namespace

QStringList DatabaseDialog::recentConnections() {
    return QSettings().value(kRecentKey).toStringList();
}

void DatabaseDialog::rememberConnection(const QString& connection) {
    QString shown;
    try {
        shown = QString::fromStdString(
            api::connectionForDisplay(connection.toStdString()));  // never the password
    } catch (const std::exception&) {
        return;
    }
    QStringList list = recentConnections();
    list.removeAll(shown);
    list.prepend(shown);
    while (list.size() > kRecent) list.removeLast();
    QSettings().setValue(kRecentKey, list);
}

// The "Steps" group: a time column with its period and public start and
// end, or hash batches on a key column.
QGroupBox* DatabaseDialog::makeStepsBox() {
    auto* steps = new QGroupBox(tr("Steps"), this);
    auto* sl = new QFormLayout(steps);
    byTime_ = new QRadioButton(tr("Time column:"), steps);
    byTime_->setChecked(true);
    timeColumn_ = new QComboBox(steps);
    timeColumn_->setEditable(true);
    sl->addRow(byTime_, timeColumn_);
    period_ = new QComboBox(steps);
    period_->addItems({QStringLiteral("day"), QStringLiteral("week"), QStringLiteral("2weeks"),
                       QStringLiteral("month"), QStringLiteral("quarter"), QStringLiteral("year")});
    period_->setCurrentText(QStringLiteral("month"));
    sl->addRow(tr("Period:"), period_);
    start_ = new QLineEdit(steps);
    start_->setPlaceholderText(
        tr("public start, e.g. 2015-01-01 (empty: the earliest date, to be confirmed)"));
    sl->addRow(tr("Start:"), start_);
    end_ = new QLineEdit(steps);
    end_->setPlaceholderText(tr("public end, e.g. 2023-12-31 (empty: the latest date, to be confirmed)"));
    sl->addRow(tr("End:"), end_);
    auto* byBatch = new QRadioButton(tr("Batches of:"), steps);
    batchSize_ = new QSpinBox(steps);
    batchSize_->setRange(1, 1'000'000'000);
    batchSize_->setValue(1000);
    sl->addRow(byBatch, batchSize_);
    keyColumn_ = new QComboBox(steps);
    keyColumn_->setEditable(true);
    keyColumn_->setToolTip(
        tr("A unique whole-number column; batches follow the MD5 of seed and key (hash order)"));
    sl->addRow(tr("Key column:"), keyColumn_);
    seed_ = new QSpinBox(steps);
    seed_->setRange(0, 1'000'000'000);
    sl->addRow(tr("Order seed:"), seed_);
    for (QAbstractButton* b : std::initializer_list<QAbstractButton*>{byTime_, byBatch})
        connect(b, &QAbstractButton::toggled, this, &DatabaseDialog::updateState);
    connect(start_, &QLineEdit::textChanged, this, &DatabaseDialog::updateState);
    connect(end_, &QLineEdit::textChanged, this, &DatabaseDialog::updateState);
    return steps;
}

DatabaseDialog::DatabaseDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Open database"));
    auto* layout = new QVBoxLayout(this);

    auto* source = new QGroupBox(tr("PostgreSQL"), this);
    auto* form = new QFormLayout(source);
    connection_ = new QComboBox(source);
    connection_->setEditable(true);
    connection_->addItems(recentConnections());
    connection_->setToolTip(
        tr("postgresql://user@host:port/database — the password comes from the password file "
           "(PGPASSFILE, ~/.pgpass) or is asked for; it is never stored or shown"));
    form->addRow(tr("Connection:"), connection_);
    useTable_ = new QRadioButton(tr("Table:"), source);
    useTable_->setChecked(true);
    table_ = new QLineEdit(source);
    form->addRow(useTable_, table_);
    auto* useQuery = new QRadioButton(tr("Query:"), source);
    query_ = new QPlainTextEdit(source);
    query_->setPlaceholderText(QStringLiteral("SELECT ..."));
    query_->setMaximumHeight(60);
    form->addRow(useQuery, query_);
    auto* test = new QPushButton(tr("Test connection"), source);
    form->addRow(QString(), test);
    layout->addWidget(source);

    auto* domain = new QGroupBox(tr("Public domain"), this);
    auto* dl = new QFormLayout(domain);
    schemaFromFile_ = new QRadioButton(tr("Schema file:"), domain);
    schemaFromFile_->setChecked(true);
    auto* fileRow = new QHBoxLayout;
    schemaPath_ = new QLineEdit(domain);
    auto* browse = new QPushButton(tr("Browse…"), domain);
    fileRow->addWidget(schemaPath_);
    fileRow->addWidget(browse);
    dl->addRow(schemaFromFile_, fileRow);
    schemaFromData_ = new QRadioButton(tr("Propose from the data:"), domain);
    auto* propose = new QPushButton(tr("Propose"), domain);
    dl->addRow(schemaFromData_, propose);
    proposal_ = new QPlainTextEdit(domain);
    proposal_->setReadOnly(true);
    proposal_->setMaximumHeight(110);
    dl->addRow(proposal_);
    confirmPublic_ =
        new QCheckBox(tr("This domain is derived from the data: I confirm that its categories, bounds "
                         "(and the stream's first and last dates, if no start or end is given) are public "
                         "knowledge"),
                      domain);
    dl->addRow(confirmPublic_);
    layout->addWidget(domain);

    layout->addWidget(makeStepsBox());

    status_ = new QLabel(this);
    status_->setWordWrap(true);
    layout->addWidget(status_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    ok_ = buttons->button(QDialogButtonBox::Ok);
    layout->addWidget(buttons);

    connect(buttons, &QDialogButtonBox::accepted, this, &DatabaseDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(test, &QPushButton::clicked, this, &DatabaseDialog::testConnection);
    connect(propose, &QPushButton::clicked, this, &DatabaseDialog::proposeDomain);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path =
            QFileDialog::getOpenFileName(this, tr("Schema"), QString(), tr("Schema files (*.json)"));
        if (!path.isEmpty()) schemaPath_->setText(path);
    });
    for (QAbstractButton* b : std::initializer_list<QAbstractButton*>{useTable_, useQuery, schemaFromFile_,
                                                                      schemaFromData_, confirmPublic_})
        connect(b, &QAbstractButton::toggled, this, &DatabaseDialog::updateState);
    connect(schemaPath_, &QLineEdit::textChanged, this, &DatabaseDialog::updateState);
    connect(connection_, &QComboBox::currentTextChanged, this, &DatabaseDialog::updateState);
    updateState();
}

api::InputRequest DatabaseDialog::request() const {
    api::InputRequest r;
    r.database.connection = connection_->currentText().trimmed().toStdString();
    if (useTable_->isChecked())
        r.database.table = table_->text().trimmed().toStdString();
    else
        r.database.query = query_->toPlainText().trimmed().toStdString();
    if (schemaFromFile_->isChecked()) r.file.schemaPath = schemaPath_->text().trimmed().toStdString();
    r.file.confirmDomain = confirmPublic_->isChecked();
    if (byTime_->isChecked()) {
        data::TimeSettings t = data::parsePeriod(period_->currentText().toStdString());
        t.column = timeColumn_->currentText().trimmed().toStdString();
        t.start = start_->text().trimmed().toStdString();
        t.end = end_->text().trimmed().toStdString();
        // Without a public end the data's last date is used: the same confirmation covers it.
        r.file.confirmEnd = t.end.empty() && confirmPublic_->isChecked();
        r.file.time = t;
    } else {
        r.file.batch = data::BatchSettings(batchSize_->value(), data::BatchOrder::Hash,
                                           keyColumn_->currentText().trimmed().toStdString());
        r.file.seed = static_cast<std::uint64_t>(seed_->value());
    }
    r.prompt = passwordPrompt(const_cast<DatabaseDialog*>(this)->parentWidget());
    return r;
}

bool DatabaseDialog::canAccept() const {
    if (connection_->currentText().trimmed().isEmpty()) return false;
    const bool fromData = schemaFromData_->isChecked();
    if (!fromData && schemaPath_->text().trimmed().isEmpty()) return false;
    // A domain, or a first date, read from the data must be confirmed as public.
    const bool needsConfirm =
        fromData ||
        (byTime_->isChecked() && (start_->text().trimmed().isEmpty() || end_->text().trimmed().isEmpty()));
    return !needsConfirm || confirmPublic_->isChecked();
}

void DatabaseDialog::updateState() {
    table_->setEnabled(useTable_->isChecked());
    query_->setEnabled(!useTable_->isChecked());
    schemaPath_->setEnabled(schemaFromFile_->isChecked());
    timeColumn_->setEnabled(byTime_->isChecked());
    period_->setEnabled(byTime_->isChecked());
    start_->setEnabled(byTime_->isChecked());
    end_->setEnabled(byTime_->isChecked());
    batchSize_->setEnabled(!byTime_->isChecked());
    keyColumn_->setEnabled(!byTime_->isChecked());
    seed_->setEnabled(!byTime_->isChecked());
    if (ok_ != nullptr) ok_->setEnabled(canAccept());
}

void DatabaseDialog::fillColumns(const std::vector<std::string>& columns) {
    const QString time = timeColumn_->currentText(), key = keyColumn_->currentText();
    timeColumn_->clear();
    keyColumn_->clear();
    for (const std::string& c : columns) {
        timeColumn_->addItem(QString::fromStdString(c));
        keyColumn_->addItem(QString::fromStdString(c));
    }
    timeColumn_->setCurrentText(time);
    keyColumn_->setCurrentText(key);
}

void DatabaseDialog::testConnection() {
    try {
        fillColumns(api::databaseColumns(request()));
        api::InputRequest r = request();
        r.file.confirmDomain = true;  // only to see the figures: nothing is kept
        if (r.file.schemaPath.empty()) {
            status_->setText(tr("Connected: %1 columns. Choose a schema file or propose the domain.")
                                 .arg(timeColumn_->count()));
            return;
        }
        const api::StreamInput in = api::StreamInput::open(r);
        status_->setText(tr("Connected to %1: %2 rows in %3 steps.")
                             .arg(QString::fromStdString(in.description()))
                             .arg(in.rowCount())
                             .arg(in.stepCount()));
    } catch (const std::exception& e) {
        status_->setText(tr("Cannot open: %1").arg(describeError(e)));
    }
}

void DatabaseDialog::proposeDomain() {
    schemaFromData_->setChecked(true);
    try {
        const data::Proposal p = api::proposeDatabaseDomain(request());
        QStringList lines;
        for (const data::AttributeSpec& a : p.schema.attributes)
            lines << QStringLiteral("%1: %2, %3 codes")
                         .arg(QString::fromStdString(a.name),
                              QString::fromStdString(data::attributeKindToString(a)))
                         .arg(a.domainSize());
        for (const data::Problem& n : p.notes) lines << QString::fromStdString(n.message);
        proposal_->setPlainText(tr("Derived from the data — check before confirming it is public:\n") +
                                lines.join('\n'));
        status_->clear();
    } catch (const std::exception& e) {
        status_->setText(tr("Cannot propose a domain: %1").arg(describeError(e)));
    }
}

void DatabaseDialog::accept() {
    if (!canAccept()) return;
    rememberConnection(connection_->currentText().trimmed());
    QDialog::accept();
}

QString DatabaseDialog::status() const {
    return status_->text();
}

void DatabaseDialog::setConnection(const QString& c) {
    connection_->setCurrentText(c);
}
void DatabaseDialog::setTable(const QString& t) {
    useTable_->setChecked(true);
    table_->setText(t);
}
void DatabaseDialog::setSchemaFile(const QString& path) {
    schemaFromFile_->setChecked(true);
    schemaPath_->setText(path);
}
void DatabaseDialog::setProposeDomain(bool confirmPublic) {
    schemaFromData_->setChecked(true);
    confirmPublic_->setChecked(confirmPublic);
}
void DatabaseDialog::setMonthlyTime(const QString& column, const QString& start, const QString& end) {
    byTime_->setChecked(true);
    timeColumn_->setCurrentText(column);
    period_->setCurrentText(QStringLiteral("month"));
    start_->setText(start);
    end_->setText(end);
}
void DatabaseDialog::setHashBatches(long long size, const QString& key) {
    byTime_->setChecked(false);
    for (QRadioButton* b : findChildren<QRadioButton*>())
        if (b->text() == tr("Batches of:")) b->setChecked(true);
    batchSize_->setValue(static_cast<int>(size));
    keyColumn_->setCurrentText(key);
}

}  // namespace streamsynth::ui
