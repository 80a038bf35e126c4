// Whether a folder a steward typed or chose can take what is about to be
// written, said before anything starts and while the dialog is still open (a
// GUI walkthrough of 2026-12-01 chose /proc: the release dialog closed, its
// choices were lost, and the refusal spoke of "--out" and "--replace").
// The writers check again: this only says it early, in the GUI's words.
#pragma once

#include <QString>

namespace streamsynth::ui {

// "" when `folder` can be created, or exists and can be written; otherwise why
// not ("… is a file", "cannot be written: no permission"), naming the folder.
QString writableFolderProblem(const QString& folder);
// As writableFolderProblem, and an existing folder must be empty (a release
// folder never writes over anything).
QString emptyFolderProblem(const QString& folder);

}  // namespace streamsynth::ui
