// ExportFolderDialog and the remembered export place (see export_folder_dialog.h).
#include "ui/releases/export_folder_dialog.h"

#include <QCheckBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

#include "ui/widgets/folder_problem.h"

namespace streamsynth::ui {

QString suggestedExportFolder(const QString& document, const QString& what, const QString& dataFolder) {
    QString stem = document.isEmpty() ? QStringLiteral("stream") : document;
    // "session adult.session" or "adult.csv": the folder is named for the stream, not the file's kind.
    for (const char* suffix : {".session", ".csv", ".tsv", ".txt"})
        if (stem.endsWith(QLatin1String(suffix), Qt::CaseInsensitive) && stem.size() > int(qstrlen(suffix)))
            stem.chop(int(qstrlen(suffix)));
    QString name = stem + QLatin1Char('-') + what;
    for (QChar& c : name)
        if (!c.isLetterOrNumber() && c != u'-' && c != u'_' && c != u'.') c = u'-';
    return QDir(exportsRoot(dataFolder))
        .filePath(name + QLatin1Char('-') +
                  QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmm")));
}

ExportFolderDialog::ExportFolderDialog(const QString& title, const QString& description,
                                       const QString& initial, QWidget* parent)
    : QDialog(parent) {
    setObjectName(QStringLiteral("exportFolderDialog"));
    setWindowTitle(title);
    auto* layout = layout_ = new QVBoxLayout(this);
    auto* text = new QLabel(description, this);
    text->setWordWrap(true);
    layout->addWidget(text);
    auto* row = new QHBoxLayout();
    row->addWidget(new QLabel(tr("Folder:"), this));
    folder_ = new QLineEdit(QDir::toNativeSeparators(initial), this);
    folder_->setToolTip(
        tr("Type a new folder name (it is created) or choose one; it must be empty or hold an "
           "earlier export, which is then replaced after a question."));
    row->addWidget(folder_, 1);
    auto* browse = new QPushButton(tr("Browse…"), this);
    browse->setToolTip(tr("Choose an existing folder"));
    connect(browse, &QPushButton::clicked, this, [this] {
        QString start = this->folder();
        while (!start.isEmpty() && !QFileInfo(start).isDir()) start = QFileInfo(start).absolutePath();
        const QString dir = QFileDialog::getExistingDirectory(this, windowTitle(), start);
        if (!dir.isEmpty()) folder_->setText(QDir::toNativeSeparators(dir));
    });
    row->addWidget(browse);
    layout->addLayout(row);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    connect(folder_, &QLineEdit::textChanged, this, [buttons](const QString& t) {
        buttons->button(QDialogButtonBox::Ok)->setEnabled(!t.trimmed().isEmpty());
    });
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        const QString problem = writableFolderProblem(folder());
        if (problem.isEmpty()) return accept();
        QMessageBox box(QMessageBox::Warning, windowTitle(), problem, QMessageBox::Ok, this);
        box.setObjectName(QStringLiteral("exportFolderProblem"));
        box.exec();
        folder_->setFocus();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(620, sizeHint().height());
}

QCheckBox* ExportFolderDialog::addOption(const QString& objectName, const QString& text,
                                         const QString& toolTip) {
    auto* box = new QCheckBox(text, this);
    box->setObjectName(objectName);
    box->setToolTip(toolTip);
    layout_->insertWidget(layout_->count() - 1, box);  // above the buttons
    return box;
}

QString ExportFolderDialog::folder() const {
    const QString t = QDir::fromNativeSeparators(folder_->text().trimmed());
    return t.isEmpty() ? t : QDir::cleanPath(QFileInfo(t).absoluteFilePath());
}

}  // namespace streamsynth::ui
