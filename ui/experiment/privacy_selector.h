// The privacy model of a run or a counter comparison and its budget:
// pure ε-DP (ε), or ρ-zCDP with ρ typed or with (ε, δ) converted to the
// largest ρ that implies it, and the conversion shown live beside it
// ("ρ = 0.0244 ⇒ (1, 1e-6)-DP"). Its widgets are rows of the caller's form
// (addRowsTo), so they line up with the other settings; the numbers are read
// by api::readBudgets, the parser of the CLI's --privacy/--epsilon/--rho/--delta.
#pragma once

#include <QObject>
#include <QString>

#include "core/api/budget_input.h"

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QSettings;
class QWidget;

namespace streamsynth::ui {

class PrivacySelector : public QObject {
    Q_OBJECT
public:
    // widgetsParent owns the widgets; budgetText is the budget field's first value.
    PrivacySelector(QWidget* widgetsParent, const QString& budgetText);

    // Adds the rows (model, zCDP input, budget, δ, conversion) to `form`.
    void addRowsTo(QFormLayout* form);

    privacy::PrivacyModel model() const;
    void setModel(privacy::PrivacyModel model);
    // zCDP: whether ε with δ is typed (converted to ρ) rather than ρ.
    bool convertsEpsilonDelta() const;
    void setConvertsEpsilonDelta(bool on);

    // What is typed, for the one budget parser (api::readBudgets).
    api::BudgetInput input() const;
    // The budgets of the run; on an invalid entry *error says why (translated) and the result is empty.
    std::vector<privacy::Budget> budgets(QString* error) const;
    // The conversion line, e.g. "ρ = 0.0244 ⇒ (1, 1e-6)-DP"; empty under pure ε-DP or when invalid.
    QString conversionText() const;
    // "ε" or "ρ": the symbol of the number typed in the budget field.
    QString typedSymbol() const;

    QLineEdit* budgetEdit() const { return budget_; }
    QLineEdit* deltaEdit() const { return delta_; }
    QLabel* conversionLabel() const { return conversion_; }

    void save(QSettings& settings) const;  // in the settings' current group
    void load(QSettings& settings);

Q_SIGNALS:
    void changed();
    void modelChanged(streamsynth::privacy::PrivacyModel model);

private:
    void update();
    void onInputChanged();
    void rewriteBudget(bool toEpsilon);

    QComboBox* model_ = nullptr;
    QComboBox* input_ = nullptr;
    QLabel* budgetLabel_ = nullptr;
    QLineEdit* budget_ = nullptr;
    QLineEdit* delta_ = nullptr;
    QLabel* conversion_ = nullptr;
    QFormLayout* form_ = nullptr;
    bool lastConverts_ = true;
};

// A number as the conversion line shows it: 3 significant digits, "1e-6" not "1e-06".
QString privacyNumberText(double value);

}  // namespace streamsynth::ui
