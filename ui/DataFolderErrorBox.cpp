#include "ui/DataFolderErrorBox.h"

#include "storage/DataFolder.h"
#include "ui/ButtonTexts.h"

#include <QDir>
#include <QFileInfo>
#include <QPushButton>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

DataFolderErrorBox::DataFolderErrorBox(
    const QString &folder, const QString &databaseFile, const QString &reason, QWidget *parent)
    : QMessageBox(QMessageBox::Critical, tr("Hostbench"), tr("Hostbench cannot open its data folder."),
        QMessageBox::Close, parent)
    , m_folder(folder)
    , m_databaseFile(databaseFile)
    , m_reason(reason)
{
    setObjectName(u"dataFolderError"_s);
    ButtonTexts::translate(this);
    if (QFileInfo(databaseFile).isFile()) {
        m_saveCopy = new QPushButton(tr("Save a &Copy"), this);
        m_saveCopy->setObjectName(u"saveCopy"_s);
        m_saveCopy->setToolTip(tr("Copies the database beside it before you change anything"));
        addButton(m_saveCopy, QMessageBox::ActionRole);
        // QMessageBox closes on any of its buttons (through its button box,
        // which listens to clicked()); this one does its work and keeps it open.
        disconnect(m_saveCopy, &QPushButton::clicked, nullptr, nullptr);
        connect(m_saveCopy, &QPushButton::clicked, this, &DataFolderErrorBox::saveCopy);
    }
    describe({});
}

void DataFolderErrorBox::describe(const QString &outcome)
{
    QString text
        = tr("Folder: %1\n\nReason: %2\n\nNothing was changed. Fix or move the file, or start Hostbench "
             "with --data-dir on another folder.")
              .arg(QDir::toNativeSeparators(m_folder), m_reason);
    if (!outcome.isEmpty())
        text += u"\n\n"_s + outcome;
    setInformativeText(text);
}

void DataFolderErrorBox::saveCopy()
{
    QString error;
    m_copyPath = storage::DataFolder::copyAside(m_databaseFile, &error);
    if (m_copyPath.isEmpty()) {
        describe(tr("The copy failed: %1").arg(error));
        return;
    }
    m_saveCopy->setEnabled(false);
    describe(tr("A copy was saved as %1.").arg(QDir::toNativeSeparators(m_copyPath)));
}

} // namespace hostbench::ui
