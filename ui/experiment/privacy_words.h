// ε in plain words (issue 47), shown where ε is chosen: the experiment
// panel, the import dialog, the target-accuracy dialog and the release
// confirmation. A one-line summary ("ε = 1 in total: a conclusion about one
// row becomes at most 2.7 times more or less likely: strong") and, behind
// "Details", whom it protects, how strongly, how accurate each kind of
// released number is (labelled exact or model) and how the budget is split.
// The figures are api::describePrivacy's; the words are here.
#pragma once

#include <QFrame>

#include "core/api/plain_privacy.h"

class QLabel;
class QToolButton;

namespace streamsynth::ui {

// The summary line and the details as rich text (for the panel and its tests).
QString privacySummaryText(const api::PlainPrivacy& p);
QString privacyDetailsHtml(const api::PlainPrivacy& p, const QString& stepWord = QString());

class PrivacyWords : public QFrame {
    Q_OBJECT
public:
    explicit PrivacyWords(QWidget* parent = nullptr, bool expanded = false);
    void setDescription(const api::PlainPrivacy& p, const QString& stepWord = QString());
    // Shown instead of figures while the settings are not valid.
    void setUnavailable(const QString& why);
    // A sentence after the summary (several budgets: each its own series).
    void appendToSummary(const QString& sentence);
    QString summary() const;
    QString details() const;
    bool expanded() const;
    void setExpanded(bool on);

Q_SIGNALS:
    // The details were shown or hidden (a dialog whose parts scroll fits itself again).
    void expandedChanged(bool on);

private:
    void growDialogToFit();  // a dialog around it grows so that the shown details fit
    QLabel* summary_ = nullptr;
    QLabel* details_ = nullptr;
    QToolButton* toggle_ = nullptr;
};

}  // namespace streamsynth::ui
