<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>hostbench::ui::BenchmarkPage</name>
    <message numerus="yes">
        <source>Stopped after %1: all %n threshold(s) held.</source>
        <translation>
            <numerusform>Stopped after %1: %n threshold held.</numerusform>
            <numerusform>Stopped after %1: all %n thresholds held.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Finished in %1: all %n threshold(s) held.</source>
        <translation>
            <numerusform>Finished in %1: %n threshold held.</numerusform>
            <numerusform>Finished in %1: all %n thresholds held.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped after %1: %n threshold(s) failed.</source>
        <translation>
            <numerusform>Stopped after %1: %n threshold failed.</numerusform>
            <numerusform>Stopped after %1: %n thresholds failed.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Finished in %1: %n threshold(s) failed.</source>
        <translation>
            <numerusform>Finished in %1: %n threshold failed.</numerusform>
            <numerusform>Finished in %1: %n thresholds failed.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hostbench::ui::EngineStatusLine</name>
    <message numerus="yes">
        <source>%n open connection(s)</source>
        <translation>
            <numerusform>%n open connection</numerusform>
            <numerusform>%n open connections</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hostbench::ui::ExportDialog</name>
    <message numerus="yes">
        <source>Writes the %n stored site(s) as %1 configuration, listening on %2 port %3. Settings that %1 cannot express are comments in the file.</source>
        <translation>
            <numerusform>Writes the %n stored site as %1 configuration, listening on %2 port %3. Settings that %1 cannot express are comments in the file.</numerusform>
            <numerusform>Writes the %n stored sites as %1 configuration, listening on %2 port %3. Settings that %1 cannot express are comments in the file.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hostbench::ui::LogsPage</name>
    <message numerus="yes">
        <source>Following %n file(s) in %1.</source>
        <translation>
            <numerusform>Following %n file in %1.</numerusform>
            <numerusform>Following %n files in %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Paused while you read: %n new line(s) wait. Scroll to the end to see them.</source>
        <translation>
            <numerusform>Paused while you read: %n new line waits. Scroll to the end to see it.</numerusform>
            <numerusform>Paused while you read: %n new lines wait. Scroll to the end to see them.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hostbench::ui::RunExportDialog</name>
    <message numerus="yes">
        <source>Writes the %n selected run(s). JSON: an array with, for each run, what hostbench-cli runs export --json writes (summary, parameters, percentiles, samples). CSV: one line per 100 ms sample of each run, the run&apos;s id first. Leave a field empty to skip that file.</source>
        <translation>
            <numerusform>Writes the %n selected run. JSON: an array with, for the run, what hostbench-cli runs export --json writes (summary, parameters, percentiles, samples). CSV: one line per 100 ms sample of the run, the run&apos;s id first. Leave a field empty to skip that file.</numerusform>
            <numerusform>Writes the %n selected runs. JSON: an array with, for each run, what hostbench-cli runs export --json writes (summary, parameters, percentiles, samples). CSV: one line per 100 ms sample of each run, the run&apos;s id first. Leave a field empty to skip that file.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hostbench::ui::RunsPage</name>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n run</numerusform>
            <numerusform>%n runs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %n run(s) to %1.</source>
        <translation>
            <numerusform>Exported %n run to %1.</numerusform>
            <numerusform>Exported %n runs to %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hostbench::ui::ServerPage</name>
    <message numerus="yes">
        <source>Serving &lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt; with %n worker thread(s).</source>
        <translation>
            <numerusform>Serving &lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt; with %n worker thread.</numerusform>
            <numerusform>Serving &lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt; with %n worker threads.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Serving &lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt; and &lt;a href=&quot;%2&quot;&gt;%2&lt;/a&gt; with %n worker thread(s).</source>
        <translation>
            <numerusform>Serving &lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt; and &lt;a href=&quot;%2&quot;&gt;%2&lt;/a&gt; with %n worker thread.</numerusform>
            <numerusform>Serving &lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt; and &lt;a href=&quot;%2&quot;&gt;%2&lt;/a&gt; with %n worker threads.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hostbench::ui::ShootoutPage</name>
    <message numerus="yes">
        <source>Delete shootout %1 and its %n run(s)? They leave the Runs page too. This cannot be undone.</source>
        <translation>
            <numerusform>Delete shootout %1 and its %n run? It leaves the Runs page too. This cannot be undone.</numerusform>
            <numerusform>Delete shootout %1 and its %n runs? They leave the Runs page too. This cannot be undone.</numerusform>
        </translation>
    </message>
</context>
</TS>
