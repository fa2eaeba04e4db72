#pragma once

#include "model/BenchParameters.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <optional>

class QWidget;

namespace hostbench::ui {

class BenchmarkForm;
class FieldError;

/*
 * The Benchmark page's Timing, Request and Thresholds tabs as `hostbench-cli bench`
 * reads its flags: each value with model::BenchInput (the rules the CLI's
 * BenchFlags use too), a number typed in the window's language ("0,5" in
 * German) read as the CLI writes it, and each bad field's sentence, in the
 * order of the tabs. An empty Timing field is bench's default (no --rate,
 * --warmup, --timeout); what a bad field holds is left at its default.
 * The texts are BenchmarkPage's (translation context).
 * Thread: GUI thread (it reads the form's widgets).
 */
class BenchmarkFields final
{
    Q_DECLARE_TR_FUNCTIONS(hostbench::ui::BenchmarkPage)

public:
    struct Problem
    {
        FieldError *error;
        QWidget *widget; // the field
        QString field; // the field's name, as its label says it ("Rate")
        int tab; // BenchmarkForm::kTimingTab, kRequestTab or kThresholdsTab
        QString message;
    };

    // The sentences of a bad Timing field; `typed` is quoted at most
    // kQuotedChars long, so that each has a longest (FieldError::setRoomFor).
    static constexpr int kQuotedChars = 20;
    static constexpr qint64 kCapacityWarmupMs
        = 1000; // each step's, as bench --find-capacity without --warmup
    static QString rateProblem(const QString &typed);
    static QString warmupProblem(const QString &typed);
    static QString timeoutProblem(const QString &typed);
    // `why`: model::Threshold::parse's sentence, which quotes the threshold
    // (English, as bench prints it), up to its first ';': the rest (the form,
    // the list of metrics) is the field's tip, and would not fit beside it.
    static QString thresholdProblem(const QString &why);
    // `why`: model::LoadStages::parse's sentence, up to its first ';' (the form
    // is the field's tip), the stage named by its number without its text.
    static QString stagesProblem(const QString &why);

    // The capacity finder's SLOs (the Thresholds tab): `why` is
    // CapacitySearch::parseSlo's sentence, up to its first ';' (as thresholdProblem).
    static QString sloProblem(const QString &why);
    // The Rate given to an open-model run going (Apply): its value, a number
    // typed in the window's language, or nullopt; and the sentence of a bad
    // one (the rate of a run going cannot be nothing).
    static std::optional<double> newRate(const QString &typed);
    static QString newRateProblem();

    // `readBody`: the body file's contents too (at Start), else only whether it can be read.
    static BenchmarkFields read(const BenchmarkForm &form, bool readBody);

    QByteArray method = "GET";
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;
    QByteArray contentType; // with a body only, as bench -p
    double rate = 0; // requests/s; 0: the closed model (or, with stages, a ramp from 0)
    QList<model::LoadStage> stages; // empty: a constant rate, or the closed model
    qint64 warmupMs = 0;
    int timeoutMs = model::BenchParameters().timeoutMs;
    QStringList thresholds; // each parsed (model::Threshold::text)
    bool abortOnFail = false; // with thresholds only
    // Find capacity ticked: a search (BenchParameters::findCapacity), the
    // Rate its first step (100 requests/s when empty), the warm-up each
    // step's (1 s when empty); no stages or thresholds then.
    bool findCapacity = false;
    model::BenchParameters::CapacityPlan capacity;
    QList<Problem> problems;

private:
    void readTiming(const BenchmarkForm &form);
    void readThresholds(const BenchmarkForm &form);
    void readCapacity(const BenchmarkForm &form);
    void readMethod(const BenchmarkForm &form);
    void readHeaders(const BenchmarkForm &form);
    void readBody(const BenchmarkForm &form, bool readFile);
    // Notes a bad field: `label` its label's text ("&Rate:").
    void bad(FieldError *error, QWidget *widget, const QString &label, int tab, const QString &message);
};

} // namespace hostbench::ui
