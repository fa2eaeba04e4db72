#pragma once

#include "storage/Database.h"

#include <QDialog>
#include <QList>

class QLabel;
class QLineEdit;

namespace hostbench::ui {

class FieldError;

/*
 * The Runs page's Export: writes the selected stored runs, in the order
 * given, to a JSON file, a CSV file or both (a field left empty is not
 * written):
 *  - JSON: an array with, per run, the object `hostbench-cli runs export
 *    --json` writes (bench::JsonReport: summary, parameters, percentile
 *    spectrum, samples);
 *  - CSV: the runs' 100 ms samples, one line each, the run's id first
 *    (bench::CsvReport::formatRuns; `runs export --csv` without the id).
 * Each file is written whole or not at all (bench::ReportFile). A file that
 * cannot be written shows its error under its field and the dialog stays
 * open; on success it closes with the paths in writtenPaths(). Browse opens
 * Qt's own file dialog, so that tests can drive it. Samples and histograms
 * are read from `database` on Save. GUI thread.
 */
class RunExportDialog final : public QDialog
{
    Q_OBJECT

public:
    RunExportDialog(
        storage::Database &database, const QList<storage::StoredRun> &runs, QWidget *parent = nullptr);

    QStringList writtenPaths() const { return m_written; }

    void accept() override;

private:
    void browse(QLineEdit *field, const QString &filter);

    storage::Database &m_database;
    QList<storage::StoredRun> m_runs;
    QLineEdit *m_json = nullptr;
    QLineEdit *m_csv = nullptr;
    FieldError *m_jsonError = nullptr;
    FieldError *m_csvError = nullptr;
    QLabel *m_result = nullptr; // after a partial failure: which file was written all the same
    QStringList m_written;
};

} // namespace hostbench::ui
