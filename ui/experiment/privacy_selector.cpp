// PrivacySelector: the model, budget and δ fields, their validation and the
// live conversion line.
#include "ui/experiment/privacy_selector.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSignalBlocker>
#include <QStringList>
#include <cmath>

#include "core/api/privacy.h"

namespace streamsynth::ui {

namespace {

constexpr int kFromRho = 0, kFromEpsilonDelta = 1;  // input_ data

// v rounded to `digits` significant digits, down or up (never across the true value).
double roundSignificant(double v, int digits, bool up) {
    if (!(v > 0) || !std::isfinite(v)) return v;
    const double scale = std::pow(10.0, digits - 1 - static_cast<int>(std::floor(std::log10(v))));
    return (up ? std::ceil(v * scale) : std::floor(v * scale)) / scale;
}

QString listText(const std::vector<double>& values, bool up) {
    QStringList parts;
    for (double v : values) parts << QString::number(roundSignificant(v, 4, up), 'g', 4);
    return parts.join(QStringLiteral(", "));
}

}  // namespace

QString privacyNumberText(double value) {
    QString s = QString::number(value, 'g', 3);
    s.replace(QStringLiteral("e-0"), QStringLiteral("e-"))
        .replace(QStringLiteral("e+0"), QStringLiteral("e+"));
    return s;
}

PrivacySelector::PrivacySelector(QWidget* parent, const QString& budgetText) : QObject(parent) {
    model_ = new QComboBox(parent);
    model_->addItem(tr("pure ε-DP (Laplace noise)"), static_cast<int>(privacy::PrivacyModel::Pure));
    model_->addItem(tr("zero-concentrated DP, ρ (Gaussian noise)"),
                    static_cast<int>(privacy::PrivacyModel::ZCdp));
    model_->setToolTip(
        tr("Pure ε-DP (the paper's model) or zero-concentrated DP: Gaussian noise, and k "
           "measurements per step compose as k·ρ. A zCDP budget ρ implies (ε, δ)-DP for every δ "
           "(shown below): a different, weaker guarantee than pure ε-DP."));
    input_ = new QComboBox(parent);
    input_->addItem(tr("ε with δ (converted to ρ)"), kFromEpsilonDelta);
    input_->addItem(tr("ρ"), kFromRho);
    input_->setToolTip(
        tr("Type ρ itself, or the (ε, δ) guarantee you need: the run then uses the largest ρ "
           "that implies it."));
    budgetLabel_ = new QLabel(parent);
    budget_ = new QLineEdit(budgetText, parent);
    budget_->setToolTip(
        tr("Privacy budget per stream; several values separated by commas run one series each."));
    delta_ = new QLineEdit(QStringLiteral("1e-6"), parent);
    conversion_ = new QLabel(parent);
    conversion_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    conversion_->setObjectName(QStringLiteral("privacyConversion"));
    connect(model_, &QComboBox::currentIndexChanged, this, [this] {
        // Leaving zCDP with ρ typed: show the ε it implies at δ, so the number keeps its meaning.
        if (model() == privacy::PrivacyModel::Pure && !lastConverts_) {
            rewriteBudget(true);
            const QSignalBlocker block(input_);
            setConvertsEpsilonDelta(true);
            lastConverts_ = true;
        }
        update();
        Q_EMIT modelChanged(model());
    });
    connect(input_, &QComboBox::currentIndexChanged, this, &PrivacySelector::onInputChanged);
    connect(budget_, &QLineEdit::textChanged, this, &PrivacySelector::update);
    connect(delta_, &QLineEdit::textChanged, this, &PrivacySelector::update);
    update();
}

void PrivacySelector::addRowsTo(QFormLayout* form) {
    form_ = form;
    form->addRow(tr("Privacy model:"), model_);
    form->addRow(tr("zCDP budget as:"), input_);
    form->addRow(budgetLabel_, budget_);
    form->addRow(tr("δ:"), delta_);
    form->addRow(QString(), conversion_);
    update();
}

privacy::PrivacyModel PrivacySelector::model() const {
    return static_cast<privacy::PrivacyModel>(model_->currentData().toInt());
}

void PrivacySelector::setModel(privacy::PrivacyModel model) {
    model_->setCurrentIndex(model_->findData(static_cast<int>(model)));
}

bool PrivacySelector::convertsEpsilonDelta() const {
    return input_->currentData().toInt() == kFromEpsilonDelta;
}

void PrivacySelector::setConvertsEpsilonDelta(bool on) {
    input_->setCurrentIndex(input_->findData(on ? kFromEpsilonDelta : kFromRho));
}

QString PrivacySelector::typedSymbol() const {
    return model() == privacy::PrivacyModel::ZCdp && !convertsEpsilonDelta() ? QStringLiteral("ρ")
                                                                             : QStringLiteral("ε");
}

api::BudgetInput PrivacySelector::input() const {
    api::BudgetInput in;
    in.model = model();
    in.fromEpsilonDelta = in.model == privacy::PrivacyModel::ZCdp && convertsEpsilonDelta();
    in.values = budget_->text().toStdString();
    in.delta = delta_->text().toStdString();
    return in;
}

std::vector<privacy::Budget> PrivacySelector::budgets(QString* error) const {
    api::ParsedBudgets parsed = api::readBudgets(input());
    QString why;
    const QString symbol = typedSymbol();
    switch (parsed.problem) {
        case api::BudgetProblem::None:
            break;
        case api::BudgetProblem::NoValue:
        case api::BudgetProblem::NotANumber:
            why =
                tr("%1 must be a number or a comma-separated list of numbers (e.g. 0.5, 1, 2).").arg(symbol);
            break;
        case api::BudgetProblem::NotPositive:
            why = tr("%1 must be greater than 0.").arg(symbol);
            break;
        case api::BudgetProblem::Delta:
            why = tr("δ must be a number strictly between 0 and 1 (e.g. 1e-6).");
            break;
        case api::BudgetProblem::OutOfRange:
            why = QString::fromStdString(parsed.message);
            break;
    }
    if (error) *error = why;
    return std::move(parsed.budgets);
}

QString PrivacySelector::conversionText() const {
    if (model() != privacy::PrivacyModel::ZCdp) return {};
    QStringList lines;
    for (const privacy::Budget& b : budgets(nullptr))
        lines << tr("ρ = %1 ⇒ (%2, %3)-DP")
                     .arg(privacyNumberText(b.amount()), privacyNumberText(b.epsilonAtDelta()),
                          privacyNumberText(b.delta()));
    return lines.join(QStringLiteral("; "));
}

void PrivacySelector::onInputChanged() {
    const bool converts = convertsEpsilonDelta();
    if (converts != lastConverts_ && model() == privacy::PrivacyModel::ZCdp) rewriteBudget(converts);
    lastConverts_ = converts;
    update();
}

void PrivacySelector::rewriteBudget(bool toEpsilon) {
    // Keep the guarantee when the unit of the field changes: the typed values
    // (ρ, or ε at δ) are rewritten in the other unit, ρ rounded down and ε up
    // (4 digits), so the new text never claims more privacy than the old.
    api::BudgetInput in = input();
    in.model = privacy::PrivacyModel::ZCdp;
    in.fromEpsilonDelta = !toEpsilon;
    const api::ParsedBudgets parsed = api::readBudgets(in);
    if (!parsed.ok()) return;  // invalid or out of the conversion's range: left as typed, update() says why
    std::vector<double> values;
    for (const privacy::Budget& b : parsed.budgets)
        values.push_back(toEpsilon ? b.epsilonAtDelta() : b.amount());
    const QSignalBlocker block(budget_);
    budget_->setText(listText(values, toEpsilon));
}

void PrivacySelector::update() {
    const bool zcdp = model() == privacy::PrivacyModel::ZCdp;
    if (form_) {
        form_->setRowVisible(input_, zcdp);
        form_->setRowVisible(delta_, zcdp);
        form_->setRowVisible(conversion_, zcdp);
    }
    budgetLabel_->setText(typedSymbol() + QLatin1Char(':'));
    delta_->setToolTip(
        convertsEpsilonDelta()
            ? tr("δ of the (ε, δ) guarantee to convert; public. 1/n² for n rows is a common choice.")
            : tr("δ at which the ε that ρ implies is shown; public, display only."));
    conversion_->setText(conversionText());
    conversion_->setToolTip(
        tr("The tight conversion of Canonne, Kamath & Steinke (2020): ρ-zCDP implies (ε, δ)-DP "
           "for the ε shown at this δ."));
    Q_EMIT changed();
}

void PrivacySelector::save(QSettings& s) const {
    s.setValue(QStringLiteral("privacyModel"), QString::fromLatin1(privacy::privacyModelName(model())));
    s.setValue(QStringLiteral("zcdpInput"),
               convertsEpsilonDelta() ? QStringLiteral("epsilon-delta") : QStringLiteral("rho"));
    s.setValue(QStringLiteral("delta"), delta_->text());
}

void PrivacySelector::load(QSettings& s) {
    // The budget field is the caller's (its saved text is in the model's unit already): no conversion.
    const QSignalBlocker blockInput(input_);
    const QSignalBlocker blockModel(model_);
    const bool zcdp = s.value(QStringLiteral("privacyModel")).toString() == QLatin1String("zcdp");
    setModel(zcdp ? privacy::PrivacyModel::ZCdp : privacy::PrivacyModel::Pure);
    setConvertsEpsilonDelta(
        s.value(QStringLiteral("zcdpInput"), QStringLiteral("epsilon-delta")).toString() !=
        QLatin1String("rho"));
    lastConverts_ = convertsEpsilonDelta();
    delta_->setText(s.value(QStringLiteral("delta"), QStringLiteral("1e-6")).toString());
    update();
    Q_EMIT modelChanged(model());
}

}  // namespace streamsynth::ui
