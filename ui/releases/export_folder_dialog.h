// Where an export goes: a folder typed or browsed, new
// folders allowed (created on export), proposed under the user's documents
// (StreamSynth exports/<document>-<what>-<date>) and never in the folder of
// the private data; the parent of the last folder used is remembered.
#pragma once

#include <QDialog>
#include <QString>

#include "ui/widgets/exports_root.h"

class QCheckBox;
class QLabel;
class QLineEdit;
class QVBoxLayout;

namespace streamsynth::ui {

// exportsRoot/<document>-<what>-<yyyyMMdd-HHmm> (characters unsafe in names replaced).
QString suggestedExportFolder(const QString& document, const QString& what, const QString& dataFolder = {});

class ExportFolderDialog : public QDialog {
    Q_OBJECT
public:
    ExportFolderDialog(const QString& title, const QString& description, const QString& folder,
                       QWidget* parent = nullptr);
    QString folder() const;
    QLineEdit* folderEdit() const { return folder_; }
    // A check box above the buttons (an optional part of the export).
    QCheckBox* addOption(const QString& objectName, const QString& text, const QString& toolTip);

private:
    QVBoxLayout* layout_ = nullptr;
    QLineEdit* folder_ = nullptr;
};

}  // namespace streamsynth::ui
