#pragma once

#include <QMessageBox>
#include <QString>

class QPushButton;

namespace hostbench::ui {

/*
 * What the window shows instead of itself when its data folder cannot be
 * opened (a damaged database, one from a newer Hostbench, a folder it cannot
 * write): where and why, that nothing was changed, and a button that saves a
 * copy of the database beside it (storage::DataFolder::copyAside) before the
 * user repairs, moves or replaces anything. The file is never reset.
 * After the copy, the text says where it is (or why it failed) and the box
 * stays open. Object names: dataFolderError, saveCopy.
 *
 * Thread: the GUI thread.
 */
class DataFolderErrorBox final : public QMessageBox
{
    Q_OBJECT

public:
    // `folder` and `databaseFile` as DataFolder gives them; `reason` its error.
    DataFolderErrorBox(
        const QString &folder, const QString &databaseFile, const QString &reason, QWidget *parent = nullptr);

    QString copyPath() const { return m_copyPath; } // empty until a copy was saved

private:
    void saveCopy();
    void describe(const QString &outcome);

    QString m_folder;
    QString m_databaseFile;
    QString m_reason;
    QString m_copyPath;
    QPushButton *m_saveCopy = nullptr;
};

} // namespace hostbench::ui
