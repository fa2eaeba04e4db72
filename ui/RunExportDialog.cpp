#include "ui/RunExportDialog.h"

#include "bench/CsvReport.h"
#include "bench/JsonReport.h"
#include "bench/ReportFile.h"
#include "ui/ButtonTexts.h"
#include "ui/FieldError.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace hostbench::ui {

using namespace Qt::StringLiterals;

RunExportDialog::RunExportDialog(
    storage::Database &database, const QList<storage::StoredRun> &runs, QWidget *parent)
    : QDialog(parent)
    , m_database(database)
    , m_runs(runs)
    , m_json(new QLineEdit(this))
    , m_csv(new QLineEdit(this))
{
    setObjectName(u"runsExportDialog"_s);
    setWindowTitle(tr("Export Runs"));

    auto *intro = new QLabel(tr("Writes the %n selected run(s). JSON: an array with, for each run, what "
                                "hostbench-cli runs export --json writes (summary, parameters, "
                                "percentiles, samples). CSV: one line per 100 ms sample of each run, the "
                                "run's id first. Leave a field empty to skip that file.",
                                 nullptr, int(runs.size())),
        this);
    intro->setWordWrap(true);

    const QString stem = QDir::home().filePath(u"hostbench-runs"_s);
    m_json->setObjectName(u"runsExportJson"_s);
    m_json->setText(QDir::toNativeSeparators(stem + u".json"_s));
    m_json->setToolTip(tr("A JSON array, one object per run as hostbench-cli runs export --json writes it"));
    m_csv->setObjectName(u"runsExportCsv"_s);
    m_csv->setText(QDir::toNativeSeparators(stem + u".csv"_s));
    m_csv->setToolTip(tr("One line per 100 ms sample of each run: run_id, then the columns of "
                         "hostbench-cli runs export --csv"));
    m_result = new QLabel(this);
    m_result->setObjectName(u"runsExportResult"_s);
    m_result->setWordWrap(true);
    m_result->hide();
    m_jsonError = new FieldError(m_json, this);
    m_jsonError->setObjectName(u"runsExportJsonError"_s);
    m_csvError = new FieldError(m_csv, this);
    m_csvError->setObjectName(u"runsExportCsvError"_s);
    connect(m_json, &QLineEdit::textChanged, this, [this] { m_jsonError->setMessage({}); });
    connect(m_csv, &QLineEdit::textChanged, this, [this] { m_csvError->setMessage({}); });

    auto *browseJson = new QPushButton(tr("Browse..."), this);
    browseJson->setObjectName(u"runsExportJsonBrowse"_s);
    connect(browseJson, &QPushButton::clicked, this, [this] { browse(m_json, tr("JSON files (*.json)")); });
    auto *browseCsv = new QPushButton(tr("Browse..."), this);
    browseCsv->setObjectName(u"runsExportCsvBrowse"_s);
    connect(browseCsv, &QPushButton::clicked, this, [this] { browse(m_csv, tr("CSV files (*.csv)")); });

    auto *form = new QFormLayout;
    form->addRow(tr("&JSON file:"), FieldError::cell(m_json, m_jsonError, browseJson));
    form->addRow(tr("C&SV file:"), FieldError::cell(m_csv, m_csvError, browseCsv));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    ButtonTexts::translate(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &RunExportDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &RunExportDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_result);
    layout->addWidget(buttons);
    resize(620, sizeHint().height());
}

void RunExportDialog::accept()
{
    const auto pathOf = [](const QLineEdit *field) {
        const QString text = field->text().trimmed();
        return text.isEmpty() ? QString() : QFileInfo(QDir::fromNativeSeparators(text)).absoluteFilePath();
    };
    const QString json = pathOf(m_json);
    const QString csv = pathOf(m_csv);
    if (json.isEmpty() && csv.isEmpty()) {
        m_jsonError->setMessage(tr("Give a JSON file, a CSV file or both."));
        return;
    }

    QJsonArray array;
    QList<std::pair<qint64, QList<model::BenchSample>>> samples;
    for (const storage::StoredRun &run : m_runs) {
        samples.append({ run.id, m_database.samples(run.id) });
        if (!json.isEmpty()) {
            // A run stored before histograms were kept has none, as in `runs export`.
            const model::LatencyHistogram histogram
                = m_database.histogram(run.id).value_or(model::LatencyHistogram());
            QJsonObject report = bench::JsonReport::toJson(
                run.summary, histogram, samples.constLast().second, &run.parameters);
            bench::JsonReport::addStoredRun(report, run.id, run.note);
            array.append(report);
        }
    }

    m_written.clear();
    QString error;
    bool ok = true;
    if (!json.isEmpty()) {
        if (bench::ReportFile::write(json, QJsonDocument(array).toJson(QJsonDocument::Indented), &error))
            m_written.append(json);
        else
            m_jsonError->setMessage(tr("Not written: %1").arg(error));
        ok = ok && !m_jsonError->hasError();
    }
    if (!csv.isEmpty()) {
        if (bench::ReportFile::write(csv, bench::CsvReport::formatRuns(samples).toUtf8(), &error))
            m_written.append(csv);
        else
            m_csvError->setMessage(tr("Not written: %1").arg(error));
        ok = ok && !m_csvError->hasError();
    }
    if (ok) {
        QDialog::accept();
        return;
    }
    // One file written, the other not: say so, rather than leave the user to
    // think that nothing happened (or that both did).
    if (!m_written.isEmpty()) {
        m_result->setText(tr("Written: %1. The other file was not: see the message under its field.")
                              .arg(QDir::toNativeSeparators(m_written.join(u", "_s))));
        m_result->show();
    } else {
        m_result->hide();
    }
}

void RunExportDialog::browse(QLineEdit *field, const QString &filter)
{
    // Qt's own dialog: the same everywhere, and drivable by tests.
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Runs"), field->text(), filter, nullptr, QFileDialog::DontUseNativeDialog);
    if (!path.isEmpty())
        field->setText(QDir::toNativeSeparators(path));
}

} // namespace hostbench::ui
