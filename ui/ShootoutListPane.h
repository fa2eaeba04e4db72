#pragma once

#include <QWidget>

class QLabel;
class QPushButton;
class QTableView;

namespace hostbench::storage {
class Database;
}

namespace hostbench::ui {

class ShootoutListModel;

/*
 * The Shootout page's list of stored shootouts (a ShootoutListModel in a
 * QTableView, "shootoutList"), with Export and Delete under it for the
 * shootout the page shows, and a note of what the last of them did.
 * Export writes it as `hostbench-cli shootout export` does (JSON, CSV or
 * Markdown, shootout::ShootoutExport); Delete removes it and its runs after
 * a question, as `shootout delete` does. Its texts are the page's
 * (ShootoutPage::tr). Thread: GUI thread.
 */
class ShootoutListPane final : public QWidget
{
    Q_OBJECT

public:
    ShootoutListPane(storage::Database &database, QWidget *parent = nullptr);

    // Reads the stored shootouts again and selects `id` (without emitting
    // selected()); true when `id` is listed.
    bool reload(qint64 id);
    // The shootout Export and Delete act on (0: none), and whether a
    // shootout is running (it is being stored: Delete is off).
    void setShown(qint64 id);
    void setBusy(bool busy);

    // Asks for a file (Qt's own dialog; the filter or the file's suffix
    // picks the format) and writes the shown shootout to it.
    void exportShown();
    // Writes shootout `id` to `path` in `format` ("json", "csv", "md"),
    // whole or not at all; false with the reason in the note.
    bool exportShootout(qint64 id, const QString &path, const QString &format);
    // Asks, then removes the shown shootout and its runs.
    void deleteShown();

signals:
    // The user selected shootout `id` in the list.
    void selected(qint64 id);
    // Shootout `id` and its runs were deleted.
    void removed(qint64 id);

private:
    void updateButtons();
    void showNote(const QString &text, bool error);
    void removeAfterQuestion(qint64 id);

    storage::Database &m_database;
    ShootoutListModel *m_model = nullptr;
    QTableView *m_view = nullptr;
    QLabel *m_note = nullptr;
    QPushButton *m_export = nullptr;
    QPushButton *m_delete = nullptr;
    qint64 m_shownId = 0;
    bool m_busy = false;
    bool m_reloading = false; // reload() under way: a selection is not the user's
};

} // namespace hostbench::ui
