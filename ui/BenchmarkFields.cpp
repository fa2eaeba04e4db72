#include "ui/BenchmarkFields.h"

#include "model/BenchInput.h"
#include "model/CapacitySearch.h"
#include "model/Threshold.h"
#include "ui/BenchmarkForm.h"
#include "ui/FieldError.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QRegularExpression>

#include <cmath>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

namespace {
// A number as typed in the window's language ("0,5" in German) as the CLI
// writes it ("0.5"), for model::BenchInput; blanks around it removed.
QString cliNumber(const QString &text)
{
    QString number = text.trimmed();
    const QString point = QLocale().decimalPoint();
    if (point != u"."_s)
        number.replace(point, u"."_s);
    return number;
}

// What the user typed, trimmed, as a sentence quotes it: at most kQuotedChars long.
QString quoted(const QString &typed)
{
    const QString text = typed.trimmed();
    return text.size() <= BenchmarkFields::kQuotedChars
        ? text
        : text.left(BenchmarkFields::kQuotedChars - 1) + u"…"_s;
}
} // namespace

QString BenchmarkFields::rateProblem(const QString &typed)
{
    return tr("The rate is a number of requests per second above 0 and at most %L1, or nothing for the "
              "closed model; not \"%2\".")
        .arg(qint64(model::BenchInput::kMaxRate))
        .arg(quoted(typed));
}

QString BenchmarkFields::warmupProblem(const QString &typed)
{
    return tr("The warm-up is a number of seconds, e.g. 2 or 0.5; not \"%1\".").arg(quoted(typed));
}

QString BenchmarkFields::timeoutProblem(const QString &typed)
{
    return tr("The timeout is a time from 1 ms to 24 hours, in ms or with a unit: 500, 500ms, 1.5s or "
              "2m; not \"%1\".")
        .arg(quoted(typed));
}

QString BenchmarkFields::thresholdProblem(const QString &why)
{
    return tr("A threshold does not read: %1.").arg(why.section(u';', 0, 0));
}

QString BenchmarkFields::stagesProblem(const QString &why)
{
    // "stage 2 ("0s:5"): the duration ..." as "stage 2: the duration ...": the
    // field shows what the stage was, and the sentence fits under it.
    static const QRegularExpression quote(u"^stage (\\d+) \\(\"[^\"]*\"\\)"_s);
    return tr("The stages do not read: %1.").arg(why.section(u';', 0, 0).replace(quote, u"stage \\1"_s));
}

QString BenchmarkFields::sloProblem(const QString &why)
{
    return tr("An SLO does not read: %1.").arg(why.section(u';', 0, 0));
}

std::optional<double> BenchmarkFields::newRate(const QString &typed)
{
    return model::BenchInput::rate(cliNumber(typed));
}

QString BenchmarkFields::newRateProblem()
{
    return tr("Give requests/s above 0, at most %L1.").arg(qint64(model::BenchInput::kMaxRate));
}

BenchmarkFields BenchmarkFields::read(const BenchmarkForm &form, bool readBody)
{
    BenchmarkFields fields;
    fields.readTiming(form);
    // A search sets its own steps and verdicts: the stages and thresholds wait (and are not read).
    if (form.m_findCapacity->isChecked())
        fields.readCapacity(form);
    else
        fields.readThresholds(form);
    fields.readMethod(form);
    fields.readHeaders(form);
    fields.readBody(form, readBody);
    return fields;
}

void BenchmarkFields::bad(
    FieldError *error, QWidget *widget, const QString &label, int tab, const QString &message)
{
    QString field = label;
    field.remove(u'&');
    if (field.endsWith(u':'))
        field.chop(1);
    problems.append({ error, widget, field, tab, message });
}

void BenchmarkFields::readTiming(const BenchmarkForm &form)
{
    // Empty is bench's default (no --rate, --warmup, --timeout).
    if (const QString text = cliNumber(form.m_rate->text()); !text.isEmpty()) {
        if (const std::optional<double> value = model::BenchInput::rate(text))
            rate = *value;
        else
            bad(form.m_rateError, form.m_rate, tr("&Rate:"), BenchmarkForm::kTimingTab,
                rateProblem(form.m_rate->text()));
    }
    // The stages as --stages takes them (a point, not the window's decimal comma: commas part them).
    if (const QString text = form.m_stages->text().trimmed();
        !text.isEmpty() && !form.m_findCapacity->isChecked()) {
        QString why;
        if (const auto parsed = model::LoadStages::parse(text, rate, &why))
            stages = *parsed;
        else
            bad(form.m_stagesError, form.m_stages, tr("St&ages:"), BenchmarkForm::kRunTab,
                stagesProblem(why));
    }
    if (const QString text = cliNumber(form.m_warmup->text()); !text.isEmpty()) {
        if (const std::optional<qint64> ms = model::BenchInput::seconds(text))
            warmupMs = *ms;
        else
            bad(form.m_warmupError, form.m_warmup, tr("&Warm-up:"), BenchmarkForm::kTimingTab,
                warmupProblem(form.m_warmup->text()));
    }
    if (const QString text = cliNumber(form.m_timeout->text()); !text.isEmpty()) {
        if (const std::optional<int> ms = model::BenchInput::timeout(text))
            timeoutMs = *ms;
        else
            bad(form.m_timeoutError, form.m_timeout, tr("T&imeout:"), BenchmarkForm::kTimingTab,
                timeoutProblem(form.m_timeout->text()));
    }
}

void BenchmarkFields::readThresholds(const BenchmarkForm &form)
{
    // Commas part them: no threshold has one (model::Threshold).
    for (const QString &part : form.m_thresholds->text().split(u',', Qt::SkipEmptyParts)) {
        if (part.trimmed().isEmpty())
            continue;
        QString why;
        if (const std::optional<model::Threshold> threshold = model::Threshold::parse(part, &why)) {
            thresholds.append(threshold->text);
            continue;
        }
        bad(form.m_thresholdsError, form.m_thresholds, tr("Thresholds:"), BenchmarkForm::kThresholdsTab,
            thresholdProblem(why));
        return; // the first bad one is named
    }
    abortOnFail = form.m_abortOnFail->isChecked() && !thresholds.isEmpty();
}

void BenchmarkFields::readCapacity(const BenchmarkForm &form)
{
    findCapacity = true;
    // Commas part the SLOs, as the thresholds; the first bad one is named.
    for (const QString &part : form.m_slo->text().split(u',', Qt::SkipEmptyParts)) {
        if (part.trimmed().isEmpty())
            continue;
        QString why;
        if (const std::optional<model::Threshold> slo = model::CapacitySearch::parseSlo(part, &why)) {
            capacity.slo.append(slo->text);
            continue;
        }
        bad(form.m_sloError, form.m_slo, tr("SLO:"), BenchmarkForm::kThresholdsTab, sloProblem(why));
        capacity.slo.clear();
        break;
    }
    if (capacity.slo.isEmpty() && form.m_slo->text().trimmed().isEmpty())
        bad(form.m_sloError, form.m_slo, tr("SLO:"), BenchmarkForm::kThresholdsTab,
            tr("Give at least one SLO that each step must meet, e.g. p99<10ms."));
    capacity.stepMs = qint64(std::llround(form.m_stepDuration->value() * 1000.0));
    capacity.precision = form.m_capacityPrecision->value() / 100.0;
    // bench --find-capacity's defaults: the first step at 100 requests/s, each after a warm-up of 1 s.
    if (form.m_rate->text().trimmed().isEmpty())
        rate = model::CapacitySearch::kDefaultStartRate;
    if (form.m_warmup->text().trimmed().isEmpty())
        warmupMs = kCapacityWarmupMs;
}

void BenchmarkFields::readMethod(const BenchmarkForm &form)
{
    const QString text = form.m_method->currentText().trimmed();
    if (model::BenchInput::isMethod(text))
        method = text.toLatin1();
    else
        bad(form.m_methodError, form.m_method, tr("&Method:"), BenchmarkForm::kRequestTab,
            text.isEmpty() ? tr("Give a method, e.g. GET or POST.")
                           : tr("A method is one word of letters, digits and !#$%&'*+-.^_`|~, e.g. GET or "
                                "POST; not \"%1\".")
                                 .arg(text));
}

void BenchmarkFields::readHeaders(const BenchmarkForm &form)
{
    const QStringList lines = form.m_headers->toPlainText().split(u'\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString line = lines.at(i).trimmed();
        if (line.isEmpty())
            continue; // blank lines part the headers for the eye
        if (const auto header = model::BenchInput::header(line)) {
            headers.append(*header);
        } else {
            bad(form.m_headersError, form.m_headers, tr("Hea&ders:"), BenchmarkForm::kRequestTab,
                tr("Line %1, \"%2\", is not a header: write Name: value, e.g. Accept: text/html.")
                    .arg(i + 1)
                    .arg(line));
            break;
        }
    }
}

void BenchmarkFields::readBody(const BenchmarkForm &form, bool readFile)
{
    const QString file = form.m_bodyFile->text().trimmed();
    if (!file.isEmpty()) {
        const QFileInfo info(file);
        QString problem;
        if (!info.exists())
            problem = tr("There is no file \"%1\".").arg(QDir::toNativeSeparators(file));
        else if (info.isDir())
            problem = tr("\"%1\" is a folder; give a file.").arg(QDir::toNativeSeparators(file));
        else if (!info.isReadable())
            problem = tr("\"%1\" cannot be read.").arg(QDir::toNativeSeparators(file));
        QFile contents(file);
        if (problem.isEmpty() && readFile) {
            if (contents.open(QIODevice::ReadOnly))
                body = contents.readAll();
            if (contents.error() != QFileDevice::NoError)
                problem = tr("\"%1\" cannot be read: %2")
                              .arg(QDir::toNativeSeparators(file), contents.errorString());
        }
        if (!problem.isEmpty())
            bad(form.m_bodyFileError, form.m_bodyFile, tr("Body fi&le:"), BenchmarkForm::kRequestTab,
                problem);
    } else {
        body = form.m_body->toPlainText().toUtf8();
    }
    // As bench -p: the content type goes with a body.
    if (!file.isEmpty() || !body.isEmpty())
        contentType = form.m_contentType->currentText().trimmed().toLatin1();
}

} // namespace hostbench::ui
