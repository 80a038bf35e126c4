// A qualitative palette (Tableau 10) that stays readable on white and in print.
#include "ui/series_palette.h"

#include <array>

namespace streamsynth::ui {

QColor SeriesPalette::colorFor(const QString& id) {
    static const std::array<QRgb, 10> kColors = {0x4e79a7, 0xe15759, 0x59a14f, 0xf28e2b, 0xb07aa1,
                                                 0x76b7b2, 0xedc948, 0xff9da7, 0x9c755f, 0xbab0ac};
    auto it = colors_.constFind(id);
    if (it != colors_.constEnd()) return *it;
    const auto n = static_cast<std::size_t>(colors_.size());
    QColor color(kColors[n % kColors.size()]);
    // Past ten series, darken so that repeated hues stay distinguishable.
    if (n >= kColors.size()) color = color.darker(100 + 40 * static_cast<int>(n / kColors.size()));
    colors_.insert(id, color);
    return color;
}

}  // namespace streamsynth::ui
