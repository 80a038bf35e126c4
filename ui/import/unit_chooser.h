// "Who is protected" in the import dialog (issue 49): each row (event
// level, the default) or each unit of a key column, with the public bounds m
// (rows one unit counts over the whole stream) and K (rows in one step).
// The key column is read only to bound the rows; it is never an attribute.
#pragma once

#include <QWidget>
#include <optional>

#include "core/values/stream_settings.h"

class QComboBox;
class QSpinBox;

namespace streamsynth::ui {

class UnitChooser : public QWidget {
    Q_OBJECT
public:
    explicit UnitChooser(QWidget* parent = nullptr);

    // The file's columns a key may be chosen from.
    void setColumns(const QStringList& columns);
    // None: each row is protected.
    std::optional<data::UnitSettings> unit() const;
    void setUnit(const std::optional<data::UnitSettings>& unit);
    QString column() const;  // the key column chosen ("" at event level)
    void setColumn(const QString& column);
    // Who is protected, in words (also the chooser's tooltip).
    QString words() const { return toolTip(); }

Q_SIGNALS:
    void changed();
    // The steward switched from each row to each unit (before changed()).
    void switchedToUnit();

private:
    void updateState();

    QComboBox* who_ = nullptr;
    QComboBox* column_ = nullptr;
    QSpinBox* maxRows_ = nullptr;
    QSpinBox* maxRowsPerStep_ = nullptr;
};

}  // namespace streamsynth::ui
