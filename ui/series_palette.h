// Consistent colours per series id: the first series seen gets the first
// colour, and the same id keeps its colour in every chart and view.
#pragma once

#include <QColor>
#include <QHash>
#include <QString>

namespace streamsynth::ui {

class SeriesPalette {
public:
    // The colour of id, assigning the next free colour on first use.
    QColor colorFor(const QString& id);
    void clear() { colors_.clear(); }

private:
    QHash<QString, QColor> colors_;
};

}  // namespace streamsynth::ui
